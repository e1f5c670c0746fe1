import { Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { AuthNavigationProvider, type AuthView } from './auth-links.tsx';
import { ForgotForm } from './forms/forgot-form.tsx';
import { LoginForm } from './forms/login-form.tsx';
import { NewPasswordForm } from './forms/new-password-form.tsx';
import { OtpForm } from './forms/otp-form.tsx';
import { SignupForm } from './forms/signup-form.tsx';
import type { ResetRequest } from './reset-request.ts';
import './auth.css';

/** Which view the authentication modal opens on (null: closed). */
export type AuthModalView = 'login' | 'signup' | null;

/** Every view of the modal: the two it opens on and the three steps of a password reset. */
type ModalView = AuthView | 'otp' | 'new-password';

const titles: Record<ModalView, string> = {
  login: 'Login',
  signup: 'Sign up',
  forgot: 'Reset Password',
  otp: 'Enter OTP',
  'new-password': 'Choose New Password',
};

/**
 * The authentication modal of the landing page (spec: the earlier variant, 520 wide): Login, Sign
 * up, Reset Password, Enter OTP and Choose New Password, with the same forms and API as the pages.
 * Opening it on Login or Sign up starts any reset afresh; Cancel closes it and ends the reset.
 */
export function AuthModal({ view, onClose }: { view: AuthModalView; onClose: () => void }) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [current, setCurrent] = useState<ModalView>(view ?? 'login');
  // The reset in progress lives only in the modal: closing it forgets the request.
  const [reset, setReset] = useState<ResetRequest | null>(null);
  // Opening on Login or Sign up starts afresh. Adjusted while rendering (not in an effect) so the
  // view of an earlier opening never flashes up.
  const [openedOn, setOpenedOn] = useState<AuthModalView>(view);
  if (view !== openedOn) {
    setOpenedOn(view);
    if (view) {
      setCurrent(view);
      setReset(null);
    }
  }

  const close = () => {
    setReset(null);
    onClose();
  };

  // The code and new-password steps need a reset request; without one the reset starts at its email step.
  const shown: ModalView = (current === 'otp' || current === 'new-password') && !reset ? 'forgot' : current;

  const body = (() => {
    switch (shown) {
      case 'login':
        return (
          <LoginForm
            onSignedIn={() => {
              close();
              void navigate('/dashboard');
            }}
          />
        );
      case 'signup':
        return (
          <SignupForm
            onSignedUp={(user) => {
              close();
              void navigate('/success', { state: { email: user.email } });
            }}
          />
        );
      case 'forgot':
        return (
          <ForgotForm
            onRequested={(request) => {
              setReset(request);
              setCurrent('otp');
            }}
          />
        );
      case 'otp':
        return (
          reset && (
            <OtpForm
              key={reset.id}
              request={reset}
              onNewRequest={setReset}
              onVerified={(request) => {
                setReset(request);
                setCurrent('new-password');
              }}
            />
          )
        );
      case 'new-password':
        return (
          reset && (
            <NewPasswordForm
              request={reset}
              onUpdated={({ signedIn }) => {
                close();
                if (signedIn) {
                  feedback.success('Password updated. You are logged in.');
                  void navigate('/dashboard');
                } else {
                  feedback.success('Password updated, please log in');
                  setCurrent('login');
                }
              }}
            />
          )
        );
    }
  })();

  return (
    <Modal
      open={view !== null}
      onCancel={close}
      footer={null}
      width={520}
      destroyOnHidden
      title={<span className="ll-modal-title ll-display">{titles[shown]}</span>}
    >
      <AuthNavigationProvider
        onNavigate={(next) => {
          // Going to Login or Sign up leaves the reset; "Forgot password" starts a new one.
          setReset(null);
          setCurrent(next);
        }}
      >
        <div className="ll-modal-body">{body}</div>
      </AuthNavigationProvider>
    </Modal>
  );
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { NewPasswordForm } from './forms/new-password-form.tsx';
import { MissingReset } from './missing-reset.tsx';
import { clearResetRequest, resetRequestFrom } from './reset-request.ts';

/**
 * `/auth/reset-password` (Choose New Password). The server ends every session at a password change
 * and signs this browser in when the account may sign in: then the dashboard opens, else login.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [request] = useState(() => resetRequestFrom(location.state));
  return (
    <AuthLayout title="Choose New Password">
      {request && !request.verified ? (
        <div>
          <p className="ll-result-text">Enter the code from the email before choosing a new password.</p>
          <LinkButton to="/auth/otp" type="primary" size="large" block>
            Enter OTP
          </LinkButton>
        </div>
      ) : request ? (
        <NewPasswordForm
          request={request}
          onUpdated={({ signedIn }) => {
            clearResetRequest();
            if (signedIn) {
              feedback.success('Password updated. You are logged in.');
              void navigate('/dashboard', { replace: true });
            } else {
              feedback.success('Password updated, please log in');
              void navigate('/auth/login', { replace: true });
            }
          }}
        />
      ) : (
        <MissingReset />
      )}
    </AuthLayout>
  );
}

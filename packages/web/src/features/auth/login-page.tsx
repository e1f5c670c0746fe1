import type { TwoFactorRequired } from '@layerloom/api';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { LoginForm } from './forms/login-form.tsx';
import { nextPathAfterLogin } from './next-path.ts';
import { useSession } from './session.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

/** `/auth/login`: logs in, then opens the page the visitor was sent from (`?next=`) or the dashboard. */
export function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const next = nextPathAfterLogin(search.get('next'));
  const [challenge, setChallenge] = useState<TwoFactorRequired | null>(null);
  const onSignedIn = () => void navigate(next, { replace: true });
  // Someone already signed in has nothing to do here.
  if (session.data) return <Navigate to={next} replace />;
  if (challenge) {
    return (
      <AuthLayout title="Two-factor sign-in" subtitle="One more step: confirm it is you.">
        <TwoFactorStep challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Login" subtitle="Welcome back! Log in to your Layerloom account.">
      <LoginForm onSignedIn={onSignedIn} onTwoFactor={setChallenge} />
    </AuthLayout>
  );
}

import { useNavigate } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { SignupForm } from './forms/signup-form.tsx';

/** `/auth/signup`: creates an account, then shows /success (which reminds of the verification mail). */
export function SignupPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Sign up" subtitle="Create your account and start generating collections.">
      <SignupForm onSignedUp={(user) => void navigate('/success', { state: { email: user.email } })} />
    </AuthLayout>
  );
}

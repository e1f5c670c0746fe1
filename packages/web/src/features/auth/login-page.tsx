import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { LoginForm } from './forms/login-form.tsx';
import { nextPathAfterLogin } from './next-path.ts';
import { useSession } from './session.ts';

/** `/auth/login`: logs in, then opens the page the visitor was sent from (`?next=`) or the dashboard. */
export function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const next = nextPathAfterLogin(search.get('next'));
  // Someone already signed in has nothing to do here.
  if (session.data) return <Navigate to={next} replace />;
  return (
    <AuthLayout title="Login" subtitle="Welcome back! Log in to your Layerloom account.">
      <LoginForm onSignedIn={() => void navigate(next, { replace: true })} />
    </AuthLayout>
  );
}

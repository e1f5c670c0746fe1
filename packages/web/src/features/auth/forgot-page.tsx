import { useNavigate } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { ForgotForm } from './forms/forgot-form.tsx';
import { saveResetRequest } from './reset-request.ts';

/** `/auth/forgot` (titled Reset Password): mails a code, then goes to /auth/otp with the request id. */
export function ForgotPage() {
  const navigate = useNavigate();
  return (
    <AuthLayout title="Reset Password">
      <ForgotForm
        onRequested={(resetRequest) => {
          saveResetRequest(resetRequest);
          void navigate('/auth/otp', { state: { resetRequest } });
        }}
      />
    </AuthLayout>
  );
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthLayout } from './auth-layout.tsx';
import { OtpForm } from './forms/otp-form.tsx';
import { MissingReset } from './missing-reset.tsx';
import { type ResetRequest, resetRequestFrom, saveResetRequest } from './reset-request.ts';

/** `/auth/otp`: the six-box code of the reset request carried from /auth/forgot (state or this tab's storage). */
export function OtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [request, setRequest] = useState<ResetRequest | null>(() => resetRequestFrom(location.state));
  return (
    <AuthLayout title="Enter OTP">
      {request ? (
        <OtpForm
          // A new code means a new request: start the boxes afresh.
          key={request.id}
          request={request}
          onNewRequest={(next) => {
            saveResetRequest(next);
            setRequest(next);
          }}
          onVerified={(resetRequest) => {
            saveResetRequest(resetRequest);
            void navigate('/auth/reset-password', { state: { resetRequest } });
          }}
        />
      ) : (
        <MissingReset />
      )}
    </AuthLayout>
  );
}

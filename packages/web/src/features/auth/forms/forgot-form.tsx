import { forgotPassword } from '@layerloom/api';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { AuthLink } from '../auth-links.tsx';
import type { ResetRequest } from '../reset-request.ts';
import { formatWait, useCountdown } from '../use-countdown.ts';
import { EMAIL_PATTERN } from './rules.ts';
import { SubmitButton } from './submit-button.tsx';

/** Asks for a reset code by email; `onRequested` gets the opaque request id the server answered. */
export function ForgotForm({ onRequested }: { onRequested: (request: ResetRequest) => void }) {
  const [form] = Form.useForm<{ email: string }>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const wait = useCountdown(retryAt);

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { data } = await call(forgotPassword, { body: { email: email.trim() } });
      onRequested({ id: data.id, email: email.trim(), verified: false });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        setRetryAt(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
      <p className="ll-form-lead">Enter the email of your account. We will send you a 6-digit code.</p>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: 'Invalid Email!' },
          { pattern: EMAIL_PATTERN, message: 'Invalid Email!' },
        ]}
      >
        <Input inputMode="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      {wait > 0 && (
        <Alert
          className="ll-form-alert"
          type="warning"
          showIcon
          role="alert"
          title="Too many requests"
          description={`Please wait ${formatWait(wait)} before asking for another code.`}
        />
      )}
      {failure && wait === 0 && (
        <Alert
          className="ll-form-alert"
          type="error"
          showIcon
          role="alert"
          title="Could not send the code"
          description={failure}
        />
      )}
      <SubmitButton submitting={submitting} wait={wait}>
        Send code
      </SubmitButton>
      <p className="ll-form-footer">
        Remembered it? <AuthLink view="login">Back to Login</AuthLink>
      </p>
    </Form>
  );
}

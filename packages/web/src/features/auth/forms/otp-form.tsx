import { forgotPassword, OTP_TTL_MINUTES, verifyOtpCode } from '@layerloom/api';
import { Alert, Button, Form, Space } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.ts';
import { call } from '../../../lib/api.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { AuthLink } from '../auth-links.tsx';
import { isCompleteCode, OtpInput } from '../otp-input.tsx';
import type { ResetRequest } from '../reset-request.ts';
import { formatWait, useCountdown } from '../use-countdown.ts';
import { SubmitButton } from './submit-button.tsx';

/** Codes that end a reset request: a new code is the only way on. */
const deadCodes = new Set(['OTP_LOCKED', 'TOKEN_EXPIRED', 'TOKEN_INVALID']);

/**
 * The six-box code step of a password reset. A wrong code shows the server's message (with the tries
 * left); a dead request (locked, expired, unknown) says so and offers a new code.
 */
export function OtpForm({
  request,
  onVerified,
  onNewRequest,
}: {
  request: ResetRequest;
  onVerified: (request: ResetRequest) => void;
  /** A new code was mailed: a new request id replaces the old one. */
  onNewRequest: (request: ResetRequest) => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const feedback = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const [dead, setDead] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const wait = useCountdown(retryAt);

  const onFinish = async (values: { code: string }) => {
    setSubmitting(true);
    try {
      await call(verifyOtpCode, { params: { id: request.id }, body: { code: values.code } });
      onVerified({ ...request, verified: true });
    } catch (error) {
      if (error instanceof ApiError && deadCodes.has(error.code)) {
        setDead(error.message);
      } else if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        setRetryAt(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
      } else {
        // A wrong code: the message says how many tries are left; clear the boxes for the next try.
        form.setFields([{ name: 'code', value: '', errors: [errorMessage(error)] }]);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const sendNewCode = async () => {
    setResending(true);
    try {
      const { data } = await call(forgotPassword, { body: { email: request.email } });
      setDead(null);
      form.resetFields();
      onNewRequest({ id: data.id, email: request.email, verified: false });
      feedback.success(`A new code was sent to ${request.email}`);
    } catch (error) {
      feedback.notifyError('Could not send a new code', error);
    } finally {
      setResending(false);
    }
  };

  if (dead) {
    return (
      <div>
        <Alert
          className="ll-form-alert"
          type="error"
          showIcon
          role="alert"
          title="This code can no longer be used"
          description={dead}
        />
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Button type="primary" block size="large" loading={resending} onClick={() => void sendNewCode()}>
            Send a new code to {request.email}
          </Button>
          <p className="ll-form-footer">
            Wrong address? <AuthLink view="forgot">Start again</AuthLink>
          </p>
        </Space>
      </div>
    );
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
      <p className="ll-form-lead">
        We sent a 6-digit code to <strong>{request.email}</strong> if it has an account. It expires in{' '}
        {OTP_TTL_MINUTES} minutes.
      </p>
      <Form.Item
        name="code"
        validateTrigger="onSubmit"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!isCompleteCode(value)) throw new Error('Enter all 6 digits of the code!');
            },
          },
        ]}
      >
        <OtpInputField autoFocus />
      </Form.Item>
      {wait > 0 && (
        <Alert
          className="ll-form-alert"
          type="warning"
          showIcon
          role="alert"
          title="Too many attempts"
          description={`Please wait ${formatWait(wait)} before trying again.`}
        />
      )}
      <SubmitButton submitting={submitting} wait={wait}>
        Submit
      </SubmitButton>
      <p className="ll-form-footer">
        No email?{' '}
        <Button type="link" className="ll-inline-link" loading={resending} onClick={() => void sendNewCode()}>
          Send a new code
        </Button>{' '}
        or <AuthLink view="forgot">use another email</AuthLink>
      </p>
    </Form>
  );
}

/** OtpInput wired to its Form.Item: shows the item's error state on every box. */
function OtpInputField(props: { value?: string; onChange?: (value: string) => void; autoFocus?: boolean }) {
  const { status, errors } = Form.Item.useStatus();
  return (
    <OtpInput
      value={props.value}
      onChange={props.onChange}
      autoFocus={props.autoFocus}
      invalid={status === 'error'}
      label={errors.length > 0 ? `One-time code: ${errors.join(' ')}` : 'One-time code from the email'}
    />
  );
}

import { loginTwoFactor, type TwoFactorRequired, type User } from '@layerloom/api';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/api.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { SubmitButton } from './forms/submit-button.tsx';
import { replaceSession } from './session.ts';
import { formatWait, useCountdown } from './use-countdown.ts';
import './two-factor-step.css';

/**
 * The second step of login when two-factor sign-in is on: the code from the authenticator app, or one
 * of the recovery codes. `onRestart` goes back to email and password (the step expired or was used up).
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TwoFactorRequired;
  onSignedIn: (user: User) => void;
  onRestart: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const client = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const wait = useCountdown(retryAt);

  const onFinish = async ({ code }: { code: string }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const body = useRecovery
        ? { challengeId: challenge.challengeId, recoveryCode: code.trim() }
        : { challengeId: challenge.challengeId, code: code.replace(/\s/g, '') };
      const { data } = await call(loginTwoFactor, { body });
      replaceSession(client, data.user);
      onSignedIn(data.user);
    } catch (error) {
      const errorCode = error instanceof ApiError ? error.code : 'INTERNAL';
      if (errorCode === 'RATE_LIMITED' && error instanceof ApiError) {
        setRetryAt(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
      }
      setFailure({
        message: errorMessage(error),
        final: errorCode === 'TOKEN_INVALID' || errorCode === 'TOKEN_EXPIRED',
      });
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  };

  const switchKind = () => {
    setUseRecovery((value) => !value);
    setFailure(null);
    form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
      <p>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Layerloom.'}
      </p>
      <Form.Item
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        name="code"
        rules={
          useRecovery
            ? [{ required: true, whitespace: true, message: 'Enter one of your recovery codes' }]
            : [
                { required: true, message: 'Enter the 6-digit code from your app' },
                { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: 'Enter the 6-digit code from your app' },
              ]
        }
      >
        {useRecovery ? (
          <Input autoComplete="off" autoCapitalize="characters" placeholder="ABCDE-FGHIJ" />
        ) : (
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            autoFocus
          />
        )}
      </Form.Item>
      {wait > 0 && (
        <Alert
          className="ll-form-alert"
          type="warning"
          showIcon
          role="alert"
          title="Too many attempts"
          description={`For your safety, signing in is paused. Try again in ${formatWait(wait)}.`}
        />
      )}
      {failure && wait === 0 && (
        <Alert
          className="ll-form-alert"
          type="error"
          showIcon
          role="alert"
          title="Not signed in"
          description={failure.message}
        />
      )}
      {failure?.final ? (
        <Button type="primary" size="large" block onClick={onRestart}>
          Back to login
        </Button>
      ) : (
        <SubmitButton submitting={submitting} wait={wait}>
          Verify
        </SubmitButton>
      )}
      <p className="ll-form-footer ll-2fa-links">
        <Button type="link" className="ll-inline-link" onClick={switchKind}>
          {useRecovery ? 'Use the code from your app' : 'Use a recovery code'}
        </Button>
        {' · '}
        <Button type="link" className="ll-inline-link" onClick={onRestart}>
          Back to login
        </Button>
      </p>
    </Form>
  );
}

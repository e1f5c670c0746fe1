import { DiscordOutlined, GoogleOutlined, XOutlined } from '@ant-design/icons';
import {
  type LoginInput,
  login,
  loginOrChallengeResponse,
  reactivateAccount,
  resendVerification,
  type TwoFactorRequired,
  type User,
} from '@layerloom/api';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.ts';
import { call } from '../../../lib/api.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { AuthLink } from '../auth-links.tsx';
import { replaceSession } from '../session.ts';
import { formatWait, useCountdown } from '../use-countdown.ts';
import { SubmitButton } from './submit-button.tsx';

interface LoginValues {
  email: string;
  password: string;
}

/** Why the last attempt did not sign in, as the form shows it. */
type Refusal =
  | { kind: 'credentials' | 'pending' | 'rejected' | 'resent' | 'other'; message: string }
  | { kind: 'deactivated'; message: string; credentials: LoginInput }
  | { kind: 'unverified'; message: string; email: string };

const providers = [
  { name: 'Google', icon: <GoogleOutlined /> },
  { name: 'X', icon: <XOutlined /> },
  { name: 'Discord', icon: <DiscordOutlined /> },
] as const;

/** The login call, whose answer may be the two-factor code step instead of the user. */
const loginOrChallenge = { ...login, response: loginOrChallengeResponse };

/**
 * Email + password login. Signs in (the session query is filled) and then calls `onSignedIn`; when the
 * account has two-factor sign-in on, calls `onTwoFactor` with the code step instead.
 */
export function LoginForm({
  onSignedIn,
  onTwoFactor,
}: {
  onSignedIn: (user: User) => void;
  onTwoFactor?: (challenge: TwoFactorRequired) => void;
}) {
  const [form] = Form.useForm<LoginValues>();
  const client = useQueryClient();
  const feedback = useFeedback();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [resending, setResending] = useState(false);
  const wait = useCountdown(retryAt);

  /** Logs in, or with `reactivate` lifts the account's own deactivation first (same answer as login). */
  const onFinish = async (values: LoginValues, reactivate = false) => {
    setSubmitting(true);
    setRefusal(null);
    try {
      const body = { email: values.email.trim(), password: values.password };
      const { data } = await call(reactivate ? reactivateAccount : loginOrChallenge, { body });
      if ('twoFactorRequired' in data) {
        onTwoFactor?.(data);
        return;
      }
      replaceSession(client, data.user);
      onSignedIn(data.user);
    } catch (error) {
      const message = errorMessage(error);
      const code = error instanceof ApiError ? error.code : 'INTERNAL';
      if (code === 'RATE_LIMITED' && error instanceof ApiError) {
        setRetryAt(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
      } else if (code === 'INVALID_CREDENTIALS') {
        setRefusal({ kind: 'credentials', message });
        form.setFieldValue('password', '');
      } else if (code === 'EMAIL_NOT_VERIFIED') {
        setRefusal({ kind: 'unverified', message, email: values.email.trim() });
      } else if (code === 'ACCOUNT_PENDING') {
        setRefusal({ kind: 'pending', message });
      } else if (code === 'ACCOUNT_SELF_DEACTIVATED') {
        setRefusal({ kind: 'deactivated', message, credentials: values });
      } else if (code === 'ACCOUNT_REJECTED') {
        setRefusal({ kind: 'rejected', message });
      } else {
        setRefusal({ kind: 'other', message });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async (email: string) => {
    setResending(true);
    try {
      const answer = await call(resendVerification, { body: { email } });
      feedback.success('Verification email sent');
      setRefusal({ kind: 'resent', message: answer.message });
    } catch (error) {
      feedback.notifyError('Could not send the verification email', error);
    } finally {
      setResending(false);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => onFinish(values)}
      onValuesChange={() => setRefusal(null)}
      disabled={submitting}
    >
      <Form.Item
        label="Email"
        name="email"
        rules={[{ required: true, whitespace: true, message: 'Please enter your email!' }]}
      >
        <Input inputMode="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password!' }]}
        extra={
          <span className="ll-form-aside">
            <AuthLink view="forgot">Forgot Password ?</AuthLink>
          </span>
        }
      >
        <Input.Password autoComplete="current-password" placeholder="Your password" />
      </Form.Item>

      {wait > 0 && (
        <Alert
          className="ll-form-alert"
          type="warning"
          showIcon
          role="alert"
          title="Too many attempts"
          description={`For your safety, logging in is paused. Try again in ${formatWait(wait)}.`}
        />
      )}
      {refusal && wait === 0 && (
        <Alert
          className="ll-form-alert"
          role="alert"
          showIcon
          type={
            refusal.kind === 'pending' || refusal.kind === 'resent'
              ? 'info'
              : refusal.kind === 'unverified' || refusal.kind === 'deactivated'
                ? 'warning'
                : 'error'
          }
          title={
            {
              credentials: 'Login failed',
              unverified: 'Email not confirmed yet',
              pending: 'Waiting for approval',
              resent: 'Verification email sent',
              rejected: 'Account not approved',
              deactivated: 'Account deactivated',
              other: 'Login failed',
            }[refusal.kind]
          }
          description={
            refusal.kind === 'unverified' ? (
              <Space orientation="vertical" size={8}>
                <span>{refusal.message}</span>
                <Button size="small" loading={resending} onClick={() => void resend(refusal.email)}>
                  Resend verification email
                </Button>
              </Space>
            ) : refusal.kind === 'deactivated' ? (
              <Space orientation="vertical" size={8}>
                <span>{refusal.message}</span>
                <Button size="small" type="primary" onClick={() => void onFinish(refusal.credentials, true)}>
                  Reactivate
                </Button>
              </Space>
            ) : (
              refusal.message
            )
          }
        />
      )}

      <SubmitButton submitting={submitting} wait={wait}>
        Login
      </SubmitButton>

      <Divider plain className="ll-divider">
        or continue with
      </Divider>
      <div className="ll-social">
        {providers.map((provider) => (
          <Tooltip key={provider.name} title={`${provider.name} sign-in is coming soon`}>
            <Button
              size="large"
              icon={provider.icon}
              aria-label={`Log in with ${provider.name} (coming soon)`}
              onClick={() => feedback.info(`Log in with ${provider.name} is coming soon.`)}
            />
          </Tooltip>
        ))}
      </div>
      <p className="ll-form-footer">
        Don't have an account? <AuthLink view="signup">Sign up</AuthLink>
      </p>
    </Form>
  );
}

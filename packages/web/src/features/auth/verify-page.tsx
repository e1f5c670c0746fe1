import { CheckOutlined, ClockCircleOutlined, CloseOutlined } from '@ant-design/icons';
import { resendVerification, verifyEmail } from '@layerloom/api';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Space, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { call } from '../../lib/api.ts';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { ApprovalSteps } from './approval-steps.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { EMAIL_PATTERN } from './forms/rules.ts';

type Outcome = 'verified' | 'already-verified' | 'expired' | 'invalid' | 'failed';

function outcomeOf(data: { outcome: 'verified' | 'already-verified' } | undefined, error: unknown): Outcome {
  if (data) return data.outcome;
  if (error instanceof ApiError && error.code === 'TOKEN_EXPIRED') return 'expired';
  if (error instanceof ApiError && (error.code === 'TOKEN_INVALID' || error.code === 'VALIDATION_FAILED')) {
    return 'invalid';
  }
  return 'failed';
}

const titles: Record<Outcome, string> = {
  verified: 'Email verified',
  'already-verified': 'Already verified',
  expired: 'Link expired',
  invalid: 'Link not valid',
  failed: 'Verification failed',
};

/** `/verify/:id/:token`: confirms the address once, on load, and shows what really happened. */
export function VerifyPage() {
  const { id = '', token = '' } = useParams();
  const verify = useMutation({
    mutationFn: () => call(verifyEmail, { params: { id, token } }),
  });
  // The token is single-use: confirm exactly once, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    verify.mutate();
  }, [verify]);

  if (verify.isIdle || verify.isPending) {
    return (
      <AuthLayout title="Verifying your email">
        <div style={{ display: 'grid', placeItems: 'center', padding: '32px 0' }}>
          <Spin size="large" aria-label="Verifying" />
        </div>
      </AuthLayout>
    );
  }

  const outcome = outcomeOf(verify.data?.data, verify.error);
  const good = outcome === 'verified' || outcome === 'already-verified';
  // Verified but not approved yet: a login now would be refused, so the page says what comes next instead.
  const awaitingApproval = good && verify.data?.data.awaitingApproval === true;
  return (
    <AuthLayout
      title={titles[outcome]}
      icon={
        <div
          className={`ll-result-icon ll-result-icon--${good ? 'success' : outcome === 'expired' ? 'info' : 'error'}`}
        >
          {good ? (
            <CheckOutlined aria-hidden="true" />
          ) : outcome === 'expired' ? (
            <ClockCircleOutlined aria-hidden="true" />
          ) : (
            <CloseOutlined aria-hidden="true" />
          )}
        </div>
      }
    >
      {outcome === 'verified' && (
        <p className="ll-result-text">
          Your account has been successfully verified.
          {awaitingApproval ? '' : ' It is approved too: you can log in now.'}
        </p>
      )}
      {outcome === 'already-verified' && (
        <p className="ll-result-text">
          This email address was already verified.
          {awaitingApproval ? '' : ' You can go on to log in.'}
        </p>
      )}
      {awaitingApproval ? <ApprovalSteps done="verified" /> : null}
      {outcome === 'expired' && (
        <p className="ll-result-text">
          This verification link has expired. Enter your email to get a new one.
        </p>
      )}
      {outcome === 'invalid' && (
        <p className="ll-result-text">
          This verification link is not valid or was already used. Use the newest link we emailed you, or ask
          for a new one.
        </p>
      )}
      {outcome === 'failed' && <p className="ll-result-text">{errorMessage(verify.error)}</p>}

      {awaitingApproval ? (
        <LinkButton to="/" type="primary" size="large" block>
          Go to the homepage
        </LinkButton>
      ) : good ? (
        <LinkButton to="/auth/login" type="primary" size="large" block>
          Go to Login
        </LinkButton>
      ) : outcome === 'failed' ? (
        <Button type="primary" size="large" block onClick={() => window.location.reload()}>
          Try again
        </Button>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <ResendForm />
          <p className="ll-form-footer">
            Already verified? <Link to="/auth/login">Go to Login</Link>
          </p>
        </Space>
      )}
    </AuthLayout>
  );
}

/** Mails a fresh verification link to the typed address. */
function ResendForm() {
  const feedback = useFeedback();
  const resend = useMutation({
    mutationFn: (email: string) => call(resendVerification, { body: { email } }),
    onSuccess: (answer) => feedback.success(answer.message),
    onError: (error) => feedback.notifyError('Could not send a new link', error),
  });
  return (
    <Form
      layout="vertical"
      requiredMark={false}
      onFinish={({ email }: { email: string }) => resend.mutate(email.trim())}
      disabled={resend.isPending}
    >
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email!' },
          { pattern: EMAIL_PATTERN, message: 'Please enter a valid email!' },
        ]}
      >
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={resend.isPending}>
        Send a new verification link
      </Button>
      {resend.isSuccess && (
        <p className="ll-form-footer" role="status">
          {resend.data.message}
        </p>
      )}
    </Form>
  );
}

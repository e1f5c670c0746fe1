import { CheckOutlined, MailOutlined } from '@ant-design/icons';
import { resendVerification } from '@layerloom/api';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { call } from '../../lib/api.ts';
import { ApprovalSteps } from './approval-steps.tsx';
import { AuthLayout } from './auth-layout.tsx';

/** `/success`: the account exists; the next steps are the link in the verification mail, then an administrator's approval. */
export function SuccessPage() {
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email;
  const feedback = useFeedback();
  const [sending, setSending] = useState(false);

  const resend = async (address: string) => {
    setSending(true);
    try {
      await call(resendVerification, { body: { email: address } });
      feedback.success(`A new verification email was sent to ${address}`);
    } catch (error) {
      feedback.notifyError('Could not send the verification email', error);
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthLayout
      title="Success!"
      icon={
        <div className="ll-result-icon ll-result-icon--success">
          <CheckOutlined aria-hidden="true" />
        </div>
      }
    >
      <p className="ll-result-text">
        <strong>Your account has been created successfully.</strong>
      </p>
      <p className="ll-result-text">
        <MailOutlined aria-hidden="true" /> Please check your email for verification
        {email ? (
          <>
            {' '}
            (sent to <strong>{email}</strong>)
          </>
        ) : null}
        .
      </p>
      <ApprovalSteps done="signed-up" />
      <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 12 }}>
        <LinkButton to="/" type="primary" size="large" block>
          Go to the homepage
        </LinkButton>
        {email && (
          <Button block loading={sending} onClick={() => void resend(email)}>
            Resend verification email
          </Button>
        )}
      </Space>
    </AuthLayout>
  );
}

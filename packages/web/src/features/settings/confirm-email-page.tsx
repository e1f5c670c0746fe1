import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { confirmEmailChange } from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { sessionKey } from '../auth/session.ts';
import { profileKey } from './account-queries.ts';

/** `/confirm-email/{token}`: the link mailed to a new address; applies the change once and shows the real outcome. */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const client = useQueryClient();
  const confirm = useMutation({
    mutationFn: async () => (await call(confirmEmailChange, { body: { token } })).data,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: sessionKey });
      await client.invalidateQueries({ queryKey: profileKey });
    },
  });
  // The token is single-use: confirm exactly once, even when React runs effects twice in development.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isIdle || confirm.isPending) {
    return (
      <AuthLayout title="Confirming your new email">
        <div style={{ display: 'grid', placeItems: 'center', padding: '32px 0' }}>
          <Spin size="large" aria-label="Confirming" />
        </div>
      </AuthLayout>
    );
  }
  if (confirm.isSuccess) {
    return (
      <AuthLayout
        title="Email changed"
        icon={
          <div className="ll-result-icon ll-result-icon--success">
            <CheckOutlined aria-hidden="true" />
          </div>
        }
      >
        <p className="ll-result-text">
          Your account now uses <strong>{confirm.data.email}</strong>. Use it the next time you log in.
        </p>
        <LinkButton to="/dashboard/profile" type="primary" size="large" block>
          Go to my profile
        </LinkButton>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Link not valid"
      icon={
        <div className="ll-result-icon ll-result-icon--error">
          <CloseOutlined aria-hidden="true" />
        </div>
      }
    >
      <p className="ll-result-text">{errorMessage(confirm.error)}</p>
      <LinkButton to="/dashboard/settings" type="primary" size="large" block>
        Go to Settings
      </LinkButton>
    </AuthLayout>
  );
}

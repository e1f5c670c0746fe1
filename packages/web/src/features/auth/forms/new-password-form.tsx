import { type UpdatePasswordResponse, updatePassword } from '@layerloom/api';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { AuthLink } from '../auth-links.tsx';
import type { ResetRequest } from '../reset-request.ts';
import { replaceSession } from '../session.ts';
import { showFieldErrors } from './field-errors.ts';
import { newPasswordRules } from './rules.ts';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/** Codes that mean the reset request cannot set a password any more: the user starts again. */
const deadCodes = new Set(['TOKEN_INVALID', 'TOKEN_EXPIRED', 'OTP_NOT_VERIFIED', 'OTP_LOCKED']);

/**
 * Chooses the new password of a verified reset request. The server ends every session of the
 * account and signs this browser in when the account may sign in; `onUpdated` gets its answer.
 */
export function NewPasswordForm({
  request,
  onUpdated,
}: {
  request: ResetRequest;
  onUpdated: (result: UpdatePasswordResponse['data']) => void;
}) {
  const [form] = Form.useForm<NewPasswordValues>();
  const client = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ message: string; dead: boolean } | null>(null);

  const onFinish = async (values: NewPasswordValues) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { data } = await call(updatePassword, { params: { id: request.id }, body: values });
      // Every earlier session ended; this browser holds the new one, or none.
      replaceSession(client, data.signedIn ? data.user : null);
      onUpdated(data);
    } catch (error) {
      const dead = error instanceof ApiError && deadCodes.has(error.code);
      if (dead || !showFieldErrors(form, error)) setFailure({ message: errorMessage(error), dead });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<NewPasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={submitting}
    >
      <p className="ll-form-lead">Choose a new password for {request.email}.</p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" autoComplete="username" value={request.email} readOnly />
      <Form.Item label="New password" name="password" rules={newPasswordRules} extra="At least 6 characters.">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Please confirm your password!' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('password'))
                throw new Error('The two passwords do not match!');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {failure && (
        <Alert
          className="ll-form-alert"
          type="error"
          showIcon
          role="alert"
          title="Could not update the password"
          description={
            failure.dead ? (
              <>
                {failure.message} <AuthLink view="forgot">Start again</AuthLink>
              </>
            ) : (
              failure.message
            )
          }
        />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        Update password
      </Button>
    </Form>
  );
}

import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { showFieldErrors } from '../../auth/forms/field-errors.ts';
import { newPasswordRules } from '../../auth/forms/rules.ts';
import { useChangePassword } from './security-queries.ts';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change password: the current one, a new one under the password rules, typed twice. Signs the other devices out. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangePassword();
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: ChangePasswordValues) => {
    setFailure(null);
    try {
      const ended = await change.mutateAsync(values);
      form.resetFields();
      feedback.success(
        ended === 0
          ? 'Password changed'
          : `Password changed. ${ended} other ${ended === 1 ? 'device was' : 'devices were'} signed out`,
      );
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };

  return (
    <section className="llsec-section" aria-labelledby="llsec-password-title">
      <h2 id="llsec-password-title" className="llsec-title">
        Change password
      </h2>
      <p className="lls-hint">
        Changing your password signs out every other device; this one stays signed in.
      </p>
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => setFailure(null)}
        disabled={change.isPending}
        className="llsec-form"
      >
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[{ required: true, message: 'Enter your current password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New password" name="newPassword" rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Please confirm the new password' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword'))
                  throw new Error('The two passwords do not match');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {failure && <Alert className="llsec-alert" type="error" showIcon title={failure} role="alert" />}
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </section>
  );
}

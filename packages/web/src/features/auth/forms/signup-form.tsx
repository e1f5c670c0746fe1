import { signUp, type User } from '@layerloom/api';
import { Alert, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { forgetReferralCode, storedReferralCode } from '../../referrals/referral-code.ts';
import { AuthLink } from '../auth-links.tsx';
import { showFieldErrors } from './field-errors.ts';
import { emailRules, newPasswordRules } from './rules.ts';

export interface SignupValues {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

// The server names the fields of the modal's payload shape `name.first`/`name.last`.
const aliases = { 'name.first': 'firstname', 'name.last': 'lastname' };

/** Creates an account (role `user`, decided by the server) and calls `onSignedUp` with it. */
export function SignupForm({ onSignedUp }: { onSignedUp: (user: User) => void }) {
  const [form] = Form.useForm<SignupValues>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: SignupValues) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { data } = await call(signUp, {
        body: {
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          email: values.email.trim(),
          password: values.password,
          ref: storedReferralCode(),
        },
      });
      forgetReferralCode();
      onSignedUp(data.user);
    } catch (error) {
      // A 409 (email taken) or a refused password lands on its field; anything else above the button.
      if (!showFieldErrors(form, error, aliases)) setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<SignupValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={() => setFailure(null)}
      disabled={submitting}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="First name"
            name="firstname"
            rules={[{ required: true, whitespace: true, message: 'First name is required!' }]}
          >
            <Input autoComplete="given-name" maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Last name"
            name="lastname"
            rules={[{ required: true, whitespace: true, message: 'Last name is required!' }]}
          >
            <Input autoComplete="family-name" maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input inputMode="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={newPasswordRules} extra="At least 6 characters.">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {failure && (
        <Alert
          className="ll-form-alert"
          type="error"
          showIcon
          role="alert"
          title="Sign up failed"
          description={failure}
        />
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        Sign up
      </Button>
      <p className="ll-form-footer">
        Already have an account? <AuthLink view="login">Login</AuthLink>
      </p>
    </Form>
  );
}

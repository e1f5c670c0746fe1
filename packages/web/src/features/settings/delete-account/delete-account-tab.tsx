import { DELETE_ACCOUNT_WARNING } from '@layerloom/api';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { showFieldErrors } from '../../auth/forms/field-errors.ts';
import { useDeactivateAccount } from './delete-account-queries.ts';
import './delete-account.css';

interface DeactivateValues {
  password: string;
}

/** Settings › Delete Account: the spec's warning, then Deactivate (reversible at sign-in) behind a password. */
export function DeleteAccountTab() {
  const [open, setOpen] = useState(false);
  return (
    <div className="lldel">
      <Alert type="warning" showIcon title={DELETE_ACCOUNT_WARNING} className="lldel-warning" />
      <section className="lldel-section" aria-labelledby="lldel-deactivate-title">
        <h2 id="lldel-deactivate-title" className="lldel-title">
          Deactivate account
        </h2>
        <p className="lldel-lead">
          Deactivating signs you out on every device and nobody can sign in to your account until you
          reactivate it: sign in again with your email and password and choose Reactivate. Your public mint
          pages stay up. We send you a mail either way.
        </p>
        <Button danger onClick={() => setOpen(true)}>
          Deactivate
        </Button>
      </section>
      <DeactivateDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function DeactivateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<DeactivateValues>();
  const deactivate = useDeactivateAccount();
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: DeactivateValues) => {
    setFailure(null);
    try {
      await deactivate.mutateAsync(values);
      feedback.success('Your account is deactivated. Sign in again to reactivate it.');
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title="Deactivate your account?"
      onCancel={() => {
        form.resetFields();
        setFailure(null);
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      <p className="lldel-lead">
        Enter your password to confirm. Every device signed in to your account is signed out.
      </p>
      <Form<DeactivateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => setFailure(null)}
        disabled={deactivate.isPending}
      >
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: 'Enter your password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {failure && <Alert className="lldel-alert" type="error" showIcon title={failure} role="alert" />}
        <Button danger type="primary" htmlType="submit" loading={deactivate.isPending}>
          Deactivate my account
        </Button>
      </Form>
    </Modal>
  );
}

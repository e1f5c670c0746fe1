import { DownloadOutlined } from '@ant-design/icons';
import { DATA_EXPORT_PER_HOUR, DELETE_ACCOUNT_WARNING, DELETE_CONFIRMATION_WORD } from '@layerloom/api';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useFeedback } from '../../../app/feedback.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { showFieldErrors } from '../../auth/forms/field-errors.ts';
import { useTwoFactor } from '../security/two-factor-queries.ts';
import { useDeactivateAccount, useDeleteAccount, useDownloadMyData } from './delete-account-queries.ts';
import './delete-account.css';

interface AccountFormValues {
  password: string;
  code?: string;
  confirmation?: string;
}

/**
 * Settings › Delete Account: the spec's warning, "Download my data", then Deactivate (reversible at
 * sign-in) and Delete (for good), each behind the password.
 */
export function DeleteAccountTab() {
  const [open, setOpen] = useState<'deactivate' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="lldel">
      <Alert type="warning" showIcon title={DELETE_ACCOUNT_WARNING} className="lldel-warning" />
      <DownloadMyData />
      <section className="lldel-section" aria-labelledby="lldel-deactivate-title">
        <h2 id="lldel-deactivate-title" className="lldel-title">
          Deactivate account
        </h2>
        <p className="lldel-lead">
          Deactivating signs you out on every device and nobody can sign in to your account until you
          reactivate it: sign in again with your email and password and choose Reactivate. Your public mint
          pages stay up. We send you a mail either way.
        </p>
        <Button danger onClick={() => setOpen('deactivate')}>
          Deactivate
        </Button>
      </section>
      <section className="lldel-section" aria-labelledby="lldel-delete-title">
        <h2 id="lldel-delete-title" className="lldel-title">
          Delete account
        </h2>
        <p className="lldel-lead">
          Deleting removes your projects, collections, uploaded and generated files, avatar, sessions and
          referrals for good, and signs you out everywhere. We keep only the payment records accounting law
          requires, with no link to you, and send you a last mail.
        </p>
        <p className="lldel-lead">
          While one of your collections has a live contract, your account cannot be deleted: collectors'
          tokens read its files and mint page from Layerloom, and removing them would break what other people
          own.
        </p>
        <Button danger type="primary" onClick={() => setOpen('delete')}>
          Delete
        </Button>
      </section>
      <DeactivateDialog open={open === 'deactivate'} onClose={close} />
      {/* Mounted only when open: it asks the server whether two-factor sign-in is on. */}
      {open === 'delete' && <DeleteDialog onClose={close} />}
    </div>
  );
}

/** "Download my data": a ZIP of the account's data and the files the user uploaded. */
function DownloadMyData() {
  const download = useDownloadMyData();
  return (
    <section className="lldel-section" aria-labelledby="lldel-export-title">
      <h2 id="lldel-export-title" className="lldel-title">
        Download my data
      </h2>
      <p className="lldel-lead">
        A ZIP with your profile, settings, sessions, projects, collections, payments, referrals, notifications
        and messages as JSON, plus your avatar, every image you uploaded and the images you sent in messages.
        Your generated collections download from their own pages. Up to {DATA_EXPORT_PER_HOUR} times an hour.
      </p>
      {download.isError && (
        <Alert
          className="lldel-alert"
          type="error"
          showIcon
          role="alert"
          title={errorMessage(download.error)}
        />
      )}
      {download.isSuccess && (
        <Alert className="lldel-alert" type="success" showIcon title={`Downloaded ${download.data}`} />
      )}
      <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
        Download my data
      </Button>
    </section>
  );
}

function DeactivateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const deactivate = useDeactivateAccount();
  return (
    <PasswordDialog
      open={open}
      onClose={onClose}
      title="Deactivate your account?"
      lead="Enter your password to confirm. Every device signed in to your account is signed out."
      submitLabel="Deactivate my account"
      pending={deactivate.isPending}
      onSubmit={(values) => deactivate.mutateAsync({ password: values.password })}
      done="Your account is deactivated. Sign in again to reactivate it."
    />
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const remove = useDeleteAccount();
  const twoFactor = useTwoFactor();
  const needsCode = twoFactor.data?.enabled === true;
  return (
    <PasswordDialog
      open
      onClose={onClose}
      title="Delete your account for good?"
      lead="This cannot be undone. Your projects, collections and files are removed and you are signed out everywhere."
      submitLabel="Delete my account"
      pending={remove.isPending}
      onSubmit={(values) =>
        remove.mutateAsync({
          password: values.password,
          confirmation: values.confirmation ?? '',
          ...(needsCode ? { code: values.code ?? '' } : {}),
        })
      }
      done="Your account is deleted. We sent you a last mail."
    >
      {needsCode && (
        <Form.Item
          label="Code from your authenticator app"
          name="code"
          rules={[{ required: true, message: 'Enter the 6-digit code from your app' }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        </Form.Item>
      )}
      <Form.Item
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        name="confirmation"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (value?.trim() !== DELETE_CONFIRMATION_WORD) {
                throw new Error(`Type ${DELETE_CONFIRMATION_WORD} to confirm`);
              }
            },
          },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </PasswordDialog>
  );
}

interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  lead: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: AccountFormValues) => Promise<unknown>;
  /** What the page says once it is done (this browser is signed out by then). */
  done: string;
  /** Fields asked for after the password. */
  children?: ReactNode;
}

/** A dialog asking for the password (and any further fields), showing each server refusal on its field. */
function PasswordDialog({
  open,
  onClose,
  title,
  lead,
  submitLabel,
  pending,
  onSubmit,
  done,
  children,
}: PasswordDialogProps) {
  const [form] = Form.useForm<AccountFormValues>();
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: AccountFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
      feedback.success(done);
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => {
        form.resetFields();
        setFailure(null);
        onClose();
      }}
      footer={null}
      destroyOnHidden
    >
      <p className="lldel-lead">{lead}</p>
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => setFailure(null)}
        disabled={pending}
      >
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: 'Enter your password' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {children}
        {failure && <Alert className="lldel-alert" type="error" showIcon title={failure} role="alert" />}
        <Button danger type="primary" htmlType="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Form>
    </Modal>
  );
}

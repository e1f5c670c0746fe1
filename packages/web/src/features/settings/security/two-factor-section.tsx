import type { PasswordAndCodeInput } from '@layerloom/api';
import { Alert, Button, Form, Input, Skeleton, Space, Tag } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useFeedback } from '../../../app/feedback.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { showFieldErrors } from '../../auth/forms/field-errors.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactor,
  useTwoFactor,
} from './two-factor-queries.ts';

const codeRules = [
  { required: true, message: 'Enter the 6-digit code from your app' },
  { pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: 'Enter the 6-digit code from your app' },
];

/** The key in groups of four, as people type it into an app. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** The otpauth:// URL as a QR code image, drawn in the browser (the key never leaves this page). */
function QrImage({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 200 }).then((data) => {
      if (live) setSrc(data);
    });
    return () => {
      live = false;
    };
  }, [url]);
  if (!src) return <Skeleton.Image active className="llsec-qr" />;
  return (
    <img
      className="llsec-qr"
      src={src}
      width={200}
      height={200}
      alt="QR code to scan with your authenticator app"
    />
  );
}

/** Setting up: scan or type the key, then confirm with a code. */
function SetupStep({
  secret,
  otpauthUrl,
  onConfirmed,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmTwoFactor();
  const [failure, setFailure] = useState<string | null>(null);
  const onFinish = async ({ code }: { code: string }) => {
    setFailure(null);
    try {
      onConfirmed(await confirm.mutateAsync(code.replace(/\s/g, '')));
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  return (
    <div className="llsec-setup">
      <ol className="llsec-steps">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …) and scan this QR code.</li>
        <li>
          Cannot scan? Enter this key instead:{' '}
          <code className="llsec-key" data-testid="two-factor-key">
            {groupedKey(secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <QrImage url={otpauthUrl} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={() => setFailure(null)}
        disabled={confirm.isPending}
        className="llsec-form"
      >
        <Form.Item label="Code from the app" name="code" rules={codeRules}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
        </Form.Item>
        {failure && <Alert className="llsec-alert" type="error" showIcon title={failure} role="alert" />}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            Turn on
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Space>
      </Form>
    </div>
  );
}

/** Password + current code: for turning it off and for new recovery codes. */
function PasswordAndCodeForm({
  submitLabel,
  danger,
  pending,
  onSubmit,
  onCancel,
}: {
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (values: PasswordAndCodeInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<PasswordAndCodeInput>();
  const [failure, setFailure] = useState<string | null>(null);
  const onFinish = async (values: PasswordAndCodeInput) => {
    setFailure(null);
    try {
      await onSubmit({ password: values.password, code: values.code.replace(/\s/g, '') });
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  return (
    <Form<PasswordAndCodeInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={() => setFailure(null)}
      disabled={pending}
      className="llsec-form"
    >
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Enter your password' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="Code from the app" name="code" rules={codeRules}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
      </Form.Item>
      {failure && <Alert className="llsec-alert" type="error" showIcon title={failure} role="alert" />}
      <Space wrap>
        <Button type="primary" danger={danger} htmlType="submit" loading={pending}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
    </Form>
  );
}

type View =
  | { kind: 'idle' }
  | { kind: 'setup'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** Settings › Security › Two-factor sign-in: set up with an authenticator app, recovery codes, turn off. */
export function TwoFactorSection() {
  const state = useTwoFactor();
  const startSetup = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const feedback = useFeedback();
  const [view, setView] = useState<View>({ kind: 'idle' });
  const idle = () => setView({ kind: 'idle' });

  const begin = async () => {
    try {
      setView({ kind: 'setup', ...(await startSetup.mutateAsync()) });
    } catch (error) {
      feedback.notifyError('Could not start the set-up', error);
    }
  };

  const enabled = state.data?.enabled ?? false;
  return (
    <section className="llsec-section" aria-labelledby="llsec-2fa-title">
      <div className="llsec-head">
        <h2 id="llsec-2fa-title" className="llsec-title">
          Two-factor sign-in
        </h2>
        {state.data && (
          <Tag className={enabled ? 'llsec-2fa-state llsec-2fa-state--on' : 'llsec-2fa-state'}>
            {enabled ? 'On' : 'Off'}
          </Tag>
        )}
      </div>
      <p className="lls-hint">
        Signing in asks for a code from an authenticator app on your phone as well as your password.
      </p>
      {state.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {state.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Could not load two-factor sign-in"
          description={errorMessage(state.error)}
        />
      )}
      {state.data && view.kind === 'codes' && <RecoveryCodes codes={view.codes} onDone={idle} />}
      {state.data && view.kind === 'setup' && (
        <SetupStep
          secret={view.secret}
          otpauthUrl={view.otpauthUrl}
          onCancel={idle}
          onConfirmed={(codes) => {
            feedback.success('Two-factor sign-in is on');
            setView({ kind: 'codes', codes });
          }}
        />
      )}
      {state.data && view.kind === 'idle' && !enabled && (
        <Button type="primary" loading={startSetup.isPending} onClick={() => void begin()}>
          Set up two-factor sign-in
        </Button>
      )}
      {state.data && view.kind === 'idle' && enabled && (
        <>
          <p className="llsec-2fa-left">
            {state.data.recoveryCodesLeft} of 10 recovery codes left.
            {state.data.recoveryCodesLeft <= 3 && ' Make new ones before you run out.'}
          </p>
          <Space wrap>
            <Button onClick={() => setView({ kind: 'regenerate' })}>New recovery codes</Button>
            <Button danger onClick={() => setView({ kind: 'disable' })}>
              Turn off
            </Button>
          </Space>
        </>
      )}
      {state.data && view.kind === 'disable' && (
        <PasswordAndCodeForm
          submitLabel="Turn off two-factor sign-in"
          danger
          pending={disable.isPending}
          onCancel={idle}
          onSubmit={async (values) => {
            await disable.mutateAsync(values);
            feedback.success('Two-factor sign-in is off');
            idle();
          }}
        />
      )}
      {state.data && view.kind === 'regenerate' && (
        <PasswordAndCodeForm
          submitLabel="Make new recovery codes"
          pending={regenerate.isPending}
          onCancel={idle}
          onSubmit={async (values) => {
            setView({ kind: 'codes', codes: await regenerate.mutateAsync(values) });
          }}
        />
      )}
    </section>
  );
}

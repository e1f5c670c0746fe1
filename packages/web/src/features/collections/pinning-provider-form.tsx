import { PINNING_ENDPOINT_MAX, PINNING_TOKEN_MAX, type SavePinningProviderBody } from '@layerloom/api';
import { App, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { RoleNote } from '../workspaces/role-note.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';
import {
  type PinningScope,
  useDeletePinningProvider,
  usePinningProvider,
  usePinningScope,
  useSavePinningProvider,
} from './ipfs-queries.ts';
import './ipfs-publishing.css';

/** Whether the text is an http(s) address (the server checks the same). */
function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:\/\//i.test(text);
}

/** The form: the provider's API address and the access token it gave the creator. */
function ProviderForm({
  scope,
  initialEndpoint,
  onDone,
}: {
  scope: PinningScope;
  initialEndpoint?: string;
  onDone?: () => void;
}) {
  const [form] = Form.useForm<SavePinningProviderBody>();
  const save = useSavePinningProvider(scope);
  const feedback = useFeedback();

  const onFinish = (values: SavePinningProviderBody) =>
    save.mutateAsync(values).then(
      () => {
        feedback.success('Pinning provider saved');
        form.resetFields(['token']);
        onDone?.();
      },
      (error: unknown) => {
        // Field problems go under their field; anything else is shown above the button.
        if (isApiError(error) && error.fields.length > 0) {
          form.setFields(
            error.fields.map((field) => ({
              name: field.path as keyof SavePinningProviderBody,
              errors: [field.message],
            })),
          );
        }
      },
    );

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className="llc-pinning-form"
      initialValues={{ endpoint: initialEndpoint ?? '', token: '' }}
      onFinish={(values) => void onFinish(values)}
    >
      <Form.Item
        name="endpoint"
        label="Provider API address"
        extra="The IPFS (Kubo) RPC API of your pinning provider or node, e.g. https://rpc.filebase.io or http://127.0.0.1:5001."
        rules={[
          { required: true, whitespace: true, message: 'Enter the address of the provider’s API' },
          {
            validator: (_rule, value: string | undefined) =>
              !value?.trim() || isHttpUrl(value.trim())
                ? Promise.resolve()
                : Promise.reject(
                    new Error('Enter an http:// or https:// address, like https://rpc.filebase.io'),
                  ),
          },
        ]}
      >
        <Input maxLength={PINNING_ENDPOINT_MAX} placeholder="https://rpc.filebase.io" autoComplete="url" />
      </Form.Item>
      <Form.Item
        name="token"
        label="Access token"
        extra="Sent as a Bearer token; write project-id:secret for providers that use Basic sign-in. It is stored encrypted and never shown again."
        rules={[
          { required: true, whitespace: true, message: 'Paste the access token your provider gave you' },
          { min: 8, message: 'Paste the whole access token (at least 8 characters)' },
        ]}
      >
        <Input.Password
          maxLength={PINNING_TOKEN_MAX}
          autoComplete="off"
          placeholder="Your provider's token"
        />
      </Form.Item>
      {save.isError && !(isApiError(save.error) && save.error.fields.length > 0) ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(save.error)}
        </Typography.Text>
      ) : null}
      <div className="llc-pinning-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save provider
        </Button>
        {onDone ? <Button onClick={onDone}>Cancel</Button> : null}
      </div>
    </Form>
  );
}

/** Whose provider it is, in words: "your personal workspace" or the team's name. */
function ownerWords(scope: PinningScope): string {
  if (!scope.workspace) return 'this workspace';
  return scope.workspace.personal ? 'your personal workspace' : scope.workspace.name;
}

/**
 * A workspace's pinning provider (a collection's workspace, else the switcher's current one): once saved, its
 * address and the last 4 characters of its token (the token itself never comes back), with Change and Remove;
 * before, the form to save one. Only its Owners and Admins change it; other members see it, and why they cannot.
 */
export function PinningProviderSettings({ workspaceId }: { workspaceId?: string | null }) {
  const scope = usePinningScope(workspaceId);
  const provider = usePinningProvider(scope, scope.ready);
  const remove = useDeletePinningProvider(scope);
  const manage = usePermission('launch', 'changing the pinning provider', workspaceId);
  const [isEditing, setEditing] = useState(false);
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const owner = ownerWords(scope);

  const intro = (
    <p className="llc-muted llc-pinning-owner">
      {scope.workspace?.personal
        ? 'Used for every collection of your personal workspace.'
        : `Used for every collection of ${owner}, whoever publishes; its Owners and Admins change it.`}
    </p>
  );
  if (provider.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (provider.isError)
    return <Typography.Text type="danger">{errorMessage(provider.error)}</Typography.Text>;
  if (!provider.data && !manage.allowed) {
    return (
      <div className="llc-pinning-saved">
        {intro}
        <p className="llc-pinning-none">No pinning provider is saved for {owner} yet.</p>
        <RoleNote id="llc-pinning-role" permission={manage} />
      </div>
    );
  }
  if (!provider.data || isEditing) {
    return (
      <>
        {intro}
        <ProviderForm
          scope={scope}
          initialEndpoint={provider.data?.endpoint}
          onDone={provider.data ? () => setEditing(false) : undefined}
        />
      </>
    );
  }
  const onRemove = () =>
    modal.confirm({
      title: scope.workspace?.personal
        ? 'Remove your pinning provider?'
        : `Remove the pinning provider of ${owner}?`,
      content: 'Its address and access token are deleted from Layerloom. Files already pinned stay on IPFS.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () =>
        remove.mutateAsync().then(
          () => feedback.success('Pinning provider removed'),
          (error: unknown) => feedback.error(error),
        ),
    });
  const describedBy = manage.allowed ? undefined : 'llc-pinning-role';
  return (
    <div className="llc-pinning-saved">
      {intro}
      <dl className="llc-ipfs-list">
        <div className="llc-ipfs-row">
          <dt>Provider</dt>
          <dd>
            <code className="llc-cid" title={provider.data.endpoint}>
              {provider.data.endpoint}
            </code>
          </dd>
        </div>
        <div className="llc-ipfs-row">
          <dt>Token</dt>
          <dd>
            <span aria-hidden="true">•••• </span>
            ending in {provider.data.tokenLast4}
          </dd>
        </div>
      </dl>
      <div className="llc-pinning-actions">
        <Button
          size="small"
          onClick={() => setEditing(true)}
          disabled={!manage.allowed}
          aria-describedby={describedBy}
        >
          Change provider
        </Button>
        <Button
          size="small"
          danger
          onClick={onRemove}
          loading={remove.isPending}
          disabled={!manage.allowed}
          aria-describedby={describedBy}
        >
          Remove
        </Button>
      </div>
      <RoleNote id="llc-pinning-role" permission={manage} />
    </div>
  );
}

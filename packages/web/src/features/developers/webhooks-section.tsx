import {
  type CreateWebhookInput,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEvents,
} from '@layerloom/api';
import { Alert, Button, Checkbox, Empty, Form, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { showFieldErrors } from '../auth/forms/field-errors.ts';
import { SecretOnce } from './secret-once.tsx';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from './webhook-queries.ts';

const eventOptions = (Object.keys(webhookEvents) as WebhookEventType[]).map((event) => ({
  value: event,
  label: webhookEvents[event].label,
}));

/** The tab's own tag colours (antd's preset ones are too light for AA contrast). */
const deliveryClass: Record<WebhookDelivery['status'], string> = {
  pending: 'lldev-tag lldev-tag--info',
  retrying: 'lldev-tag lldev-tag--warn',
  succeeded: 'lldev-tag lldev-tag--ok',
  failed: 'lldev-tag lldev-tag--bad',
};
const deliveryLabel: Record<WebhookDelivery['status'], string> = {
  pending: 'Sending',
  retrying: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** Webhooks: add an endpoint (URL and events), its secret shown once; each endpoint's test button and log. */
export function WebhooksSection() {
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const endpoints = useWebhooks();
  return (
    <section className="lldev-section" aria-labelledby="lldev-hooks-title">
      <h2 id="lldev-hooks-title" className="lldev-title">
        Webhooks
      </h2>
      <p className="lldev-hint">
        Layerloom POSTs a signed JSON event to your URL when a generation finishes or fails, a collection is
        published, a deployment is verified or new mints of a drop are seen. Verify the{' '}
        <code>webhook-signature</code> header as the <a href="/api/docs">API reference</a> describes.
      </p>
      {secret ? (
        <SecretOnce
          title={`Signing secret for ${secret.url}. Copy it now: it will not be shown again.`}
          secret={secret.secret}
          testId="new-webhook-secret"
          copyLabel="Copy secret"
          onDone={() => setSecret(null)}
        />
      ) : (
        <AddEndpointForm onCreated={setSecret} />
      )}
      {endpoints.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {endpoints.isError && (
        <Alert type="error" showIcon title={errorMessage(endpoints.error)} role="alert" />
      )}
      {endpoints.data && endpoints.data.length === 0 && <Empty description="No webhook endpoints yet." />}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="lldev-list" aria-label="Webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (secret: { url: string; secret: string }) => void }) {
  const [form] = Form.useForm<CreateWebhookInput>();
  const create = useCreateWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const onFinish = async (values: CreateWebhookInput) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync(values);
      form.resetFields();
      onCreated({ url: created.endpoint.url, secret: created.secret });
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  return (
    <Form<CreateWebhookInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ events: ['generation.finished'] }}
      onFinish={onFinish}
      onValuesChange={() => setFailure(null)}
      disabled={create.isPending}
      className="lldev-form"
      aria-label="Add a webhook endpoint"
    >
      {failure && <Alert type="error" showIcon title={failure} role="alert" className="lldev-alert" />}
      <Form.Item
        label="Endpoint URL"
        name="url"
        rules={[
          { required: true, whitespace: true, message: 'Enter the URL to send events to' },
          { type: 'url', message: 'Enter a full http:// or https:// URL' },
        ]}
      >
        <Input placeholder="https://example.com/layerloom-events" inputMode="url" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Events"
        name="events"
        // A validator, not `required`: antd would put aria-required on the group's div, which has no role to carry it.
        rules={[
          {
            validator: (_rule, value?: unknown[]) =>
              value?.length ? Promise.resolve() : Promise.reject(new Error('Choose at least one event')),
          },
        ]}
      >
        <Checkbox.Group options={eventOptions} className="lldev-scopes" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Add endpoint
      </Button>
    </Form>
  );
}

function EndpointItem({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: { url: string; secret: string }) => void;
}) {
  const feedback = useFeedback();
  const test = useSendTestWebhook(endpoint.id);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [showLog, setShowLog] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      feedback.success(done);
    } catch (error) {
      feedback.error(error);
    }
  };
  const logId = `lldev-log-${endpoint.id}`;
  return (
    <li className="lldev-item" aria-label={`Webhook ${endpoint.url}`}>
      <div className="lldev-item__head">
        <div className="lldev-item__title">
          <span className="lldev-item__name">{endpoint.url}</span>
          <Tag className={endpoint.enabled ? 'lldev-tag lldev-tag--ok' : 'lldev-tag'}>
            {endpoint.enabled ? 'On' : 'Off'}
          </Tag>
        </div>
        <div className="lldev-item__actions lldev-item__actions--wrap">
          <Button
            size="small"
            loading={test.isPending}
            onClick={() =>
              void run(async () => {
                await test.mutateAsync();
                setShowLog(true);
              }, 'Test event sent')
            }
          >
            Send test event
          </Button>
          <Button
            size="small"
            onClick={() => setShowLog((shown) => !shown)}
            aria-expanded={showLog}
            aria-controls={logId}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button
            size="small"
            loading={update.isPending}
            onClick={() =>
              void run(
                () => update.mutateAsync({ id: endpoint.id, body: { enabled: !endpoint.enabled } }),
                endpoint.enabled ? 'Endpoint switched off' : 'Endpoint switched on',
              )
            }
          >
            {endpoint.enabled ? 'Switch off' : 'Switch on'}
          </Button>
          <Popconfirm
            title="Replace the signing secret?"
            description="Events are signed with the new secret at once."
            okText="Replace"
            cancelText="Cancel"
            onConfirm={() =>
              run(async () => {
                const rotated = await rotate.mutateAsync(endpoint.id);
                onSecret({ url: rotated.endpoint.url, secret: rotated.secret });
              }, 'Signing secret replaced')
            }
          >
            <Button size="small" loading={rotate.isPending}>
              Rotate secret
            </Button>
          </Popconfirm>
          <Popconfirm
            title="Remove this endpoint?"
            description="No more events are sent to it, and its delivery log is deleted."
            okText="Remove"
            okButtonProps={{ danger: true }}
            cancelText="Cancel"
            onConfirm={() => run(() => remove.mutateAsync(endpoint.id), 'Endpoint removed')}
          >
            <Button size="small" danger loading={remove.isPending} aria-label={`Remove ${endpoint.url}`}>
              Remove
            </Button>
          </Popconfirm>
        </div>
      </div>
      {endpoint.disabledReason && (
        <Alert
          type="warning"
          showIcon
          title={endpoint.disabledReason}
          className="lldev-alert lldev-alert--inline"
        />
      )}
      <p className="lldev-item__meta">
        <code className="lldev-prefix">{endpoint.secretPrefix}…</code>
        {endpoint.events.map((event) => (
          <Tag key={event} color="purple">
            {webhookEvents[event].label}
          </Tag>
        ))}
      </p>
      {showLog && <DeliveryLog id={endpoint.id} elementId={logId} />}
    </li>
  );
}

function DeliveryLog({ id, elementId }: { id: string; elementId: string }) {
  const deliveries = useWebhookDeliveries(id);
  return (
    <div id={elementId} className="lldev-uses">
      {deliveries.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {deliveries.isError && (
        <Alert type="error" showIcon title={errorMessage(deliveries.error)} role="alert" />
      )}
      {deliveries.data && deliveries.data.length === 0 && <p className="lldev-hint">No deliveries yet.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
        <section className="lldev-table-wrap" tabIndex={0} aria-label="Deliveries to this endpoint">
          <table className="lldev-table">
            <caption className="lldev-sr">Latest deliveries to this endpoint</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Response</th>
                <th scope="col">Duration</th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{new Date(delivery.createdAt).toLocaleString('en-GB')}</td>
                  <td>
                    <code>{delivery.eventType}</code>
                  </td>
                  <td>
                    <Tag className={deliveryClass[delivery.status]}>{deliveryLabel[delivery.status]}</Tag>
                    {delivery.error && <span className="lldev-error">{delivery.error}</span>}
                  </td>
                  <td>{delivery.responseStatus ?? '—'}</td>
                  <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
                  <td>{delivery.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

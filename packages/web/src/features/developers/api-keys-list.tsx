import { type ApiKey, apiKeyScopes } from '@layerloom/api';
import { Alert, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useApiKeys, useApiKeyUses, useRevokeApiKey } from './api-key-queries.ts';
import { shortDate } from './expiry.ts';

/** Status tags use the tab's own colours: antd's preset green and gold are too light for AA contrast. */
const statusClass: Record<ApiKey['status'], string> = {
  active: 'lldev-tag lldev-tag--ok',
  expired: 'lldev-tag lldev-tag--warn',
  revoked: 'lldev-tag',
};
const statusLabel: Record<ApiKey['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/**
 * The workspace's keys: prefix, scopes, who made it (in a team), created, last used, expiry, status; revoke;
 * each key's recent requests.
 */
export function ApiKeysList({ showMaker = false }: { showMaker?: boolean }) {
  const keys = useApiKeys();
  if (keys.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (keys.isError) return <Alert type="error" showIcon title={errorMessage(keys.error)} role="alert" />;
  if (keys.data.length === 0) {
    return <Empty description="No API keys yet. Create one above to use Layerloom from code." />;
  }
  return (
    <ul className="lldev-list" aria-label="API keys">
      {keys.data.map((key) => (
        <ApiKeyItem key={key.id} apiKey={key} showMaker={showMaker} />
      ))}
    </ul>
  );
}

function ApiKeyItem({ apiKey, showMaker }: { apiKey: ApiKey; showMaker: boolean }) {
  const revoke = useRevokeApiKey();
  const feedback = useFeedback();
  const [showUses, setShowUses] = useState(false);
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
      feedback.success(`Key “${apiKey.name}” revoked`);
    } catch (error) {
      feedback.error(error);
    }
  };
  const usesId = `lldev-uses-${apiKey.id}`;
  return (
    <li className="lldev-item" aria-label={`API key ${apiKey.name}`}>
      <div className="lldev-item__head">
        <div className="lldev-item__title">
          <span className="lldev-item__name">{apiKey.name}</span>
          <Tag className={statusClass[apiKey.status]}>{statusLabel[apiKey.status]}</Tag>
        </div>
        <div className="lldev-item__actions">
          <Button
            size="small"
            onClick={() => setShowUses((shown) => !shown)}
            aria-expanded={showUses}
            aria-controls={usesId}
          >
            {showUses ? 'Hide requests' : 'Recent requests'}
          </Button>
          {apiKey.status === 'active' && (
            <Popconfirm
              title={`Revoke “${apiKey.name}”?`}
              description="Programs using it stop working at once. This cannot be undone."
              okText="Revoke"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={onRevoke}
            >
              <Button size="small" danger loading={revoke.isPending} aria-label={`Revoke ${apiKey.name}`}>
                Revoke
              </Button>
            </Popconfirm>
          )}
        </div>
      </div>
      <p className="lldev-item__meta">
        <code className="lldev-prefix">{apiKey.prefix}…</code>
        {apiKey.scopes.map((scope) => (
          <Tag key={scope} color="purple">
            {apiKeyScopes[scope].label}
          </Tag>
        ))}
      </p>
      <dl className="lldev-facts">
        {showMaker && (
          <div>
            <dt>Made by</dt>
            <dd>{apiKey.createdBy.name}</dd>
          </div>
        )}
        <div>
          <dt>Created</dt>
          <dd>{shortDate(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{apiKey.lastUsedAt ? new Date(apiKey.lastUsedAt).toLocaleString('en-GB') : 'Never'}</dd>
        </div>
        <div>
          <dt>{apiKey.status === 'revoked' ? 'Revoked' : 'Expires'}</dt>
          <dd>
            {apiKey.revokedAt
              ? shortDate(apiKey.revokedAt)
              : apiKey.expiresAt
                ? shortDate(apiKey.expiresAt)
                : 'Never'}
          </dd>
        </div>
      </dl>
      {showUses && <ApiKeyUses id={apiKey.id} elementId={usesId} />}
    </li>
  );
}

function ApiKeyUses({ id, elementId }: { id: string; elementId: string }) {
  const uses = useApiKeyUses(id, true);
  return (
    <div id={elementId} className="lldev-uses">
      {uses.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {uses.isError && <Alert type="error" showIcon title={errorMessage(uses.error)} role="alert" />}
      {uses.data && uses.data.length === 0 && (
        <p className="lldev-hint">No requests made with this key yet.</p>
      )}
      {uses.data && uses.data.length > 0 && (
        // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
        <section className="lldev-table-wrap" tabIndex={0} aria-label="Requests made with this key">
          <table className="lldev-table">
            <caption className="lldev-sr">Latest requests made with this key</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {uses.data.map((use) => (
                <tr key={`${use.at}-${use.method}-${use.route}`}>
                  <td>{new Date(use.at).toLocaleString('en-GB')}</td>
                  <td>
                    <code>
                      {use.method} {use.route}
                    </code>
                  </td>
                  <td>{use.statusCode}</td>
                  <td>{use.ip ?? 'Unknown'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

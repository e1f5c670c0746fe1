import type { CreateApiKeyResponse } from '@layerloom/api';
import { Alert, Button, Typography } from 'antd';

/** The secret of a key just created: shown this once, with a copy button. */
export function NewSecret({
  created,
  onDone,
}: {
  created: CreateApiKeyResponse['data'];
  onDone: () => void;
}) {
  return (
    <Alert
      type="success"
      showIcon
      className="lldev-secret"
      title={`Key “${created.key.name}” created. Copy it now: it will not be shown again.`}
      description={
        <div className="lldev-secret__body">
          <Typography.Text code copyable={{ text: created.secret, tooltips: ['Copy key', 'Copied'] }}>
            <span className="lldev-secret__value" data-testid="new-api-key">
              {created.secret}
            </span>
          </Typography.Text>
          <p className="lldev-hint">
            Send it as <code>Authorization: Bearer {'<key>'}</code>. Keep it secret: anyone holding it can act
            for you within its scopes.
          </p>
          <Button onClick={onDone}>I have copied it</Button>
        </div>
      }
    />
  );
}

import type { CreateApiKeyResponse } from '@layerloom/api';
import { SecretOnce } from './secret-once.tsx';

/** The secret of a key just created: shown this once, with a copy button. */
export function NewSecret({
  created,
  onDone,
}: {
  created: CreateApiKeyResponse['data'];
  onDone: () => void;
}) {
  return (
    <SecretOnce
      title={`Key “${created.key.name}” created. Copy it now: it will not be shown again.`}
      secret={created.secret}
      testId="new-api-key"
      copyLabel="Copy key"
      onDone={onDone}
    >
      <p className="lldev-hint">
        Send it as <code>Authorization: Bearer {'<key>'}</code>. Keep it secret: anyone holding it can act for
        you within its scopes.
      </p>
    </SecretOnce>
  );
}

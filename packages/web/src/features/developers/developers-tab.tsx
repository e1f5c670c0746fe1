import type { CreateApiKeyResponse } from '@layerloom/api';
import { useState } from 'react';
import { ApiKeysList } from './api-keys-list.tsx';
import { CreateApiKeyForm } from './create-api-key-form.tsx';
import { NewSecret } from './new-secret.tsx';
import { SdkQuickStart } from './sdk-quick-start.tsx';
import { WebhooksSection } from './webhooks-section.tsx';
import './developers.css';

/** Settings › Developers: API keys and webhooks, for using Layerloom from code. */
export function DevelopersTab() {
  const [created, setCreated] = useState<CreateApiKeyResponse['data'] | null>(null);
  return (
    <div className="lldev">
      <section className="lldev-section" aria-labelledby="lldev-keys-title">
        <h2 id="lldev-keys-title" className="lldev-title">
          API keys
        </h2>
        <p className="lldev-hint">
          Programs use a key to act for you within its scopes, with{' '}
          <code>Authorization: Bearer ll_live_…</code>. Keys never reach your password, two-factor sign-in,
          sessions, billing or other keys. See the <a href="/api/docs">API reference</a>.
        </p>
        {created ? (
          <NewSecret created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateApiKeyForm onCreated={setCreated} />
        )}
      </section>
      <section className="lldev-section" aria-labelledby="lldev-list-title">
        <h2 id="lldev-list-title" className="lldev-title">
          Your keys
        </h2>
        <ApiKeysList />
      </section>
      <WebhooksSection />
      <SdkQuickStart />
    </div>
  );
}

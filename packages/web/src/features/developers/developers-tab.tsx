import type { CreateApiKeyResponse } from '@layerloom/api';
import { useState } from 'react';
import { RoleNote } from '../workspaces/role-note.tsx';
import { workspaceLabel } from '../workspaces/workspace-choice.ts';
import { usePermission, useWorkspace } from '../workspaces/workspace-context.tsx';
import { ApiKeysList } from './api-keys-list.tsx';
import { CreateApiKeyForm } from './create-api-key-form.tsx';
import { NewSecret } from './new-secret.tsx';
import { SdkQuickStart } from './sdk-quick-start.tsx';
import { WebhooksSection } from './webhooks-section.tsx';
import './developers.css';

/**
 * Settings › Developers: API keys and webhooks of the current workspace, for using Layerloom from code. A team's
 * are managed by its Owners and Admins; the others see why not.
 */
export function DevelopersTab() {
  const [created, setCreated] = useState<CreateApiKeyResponse['data'] | null>(null);
  const { current } = useWorkspace();
  const manage = usePermission('launch', "managing this workspace's API keys and webhooks");
  const team = current.personal ? null : workspaceLabel(current);
  return (
    <div className="lldev">
      <section className="lldev-section" aria-labelledby="lldev-keys-title">
        <h2 id="lldev-keys-title" className="lldev-title">
          API keys{team ? ` of ${team}` : ''}
        </h2>
        <p className="lldev-hint">
          Programs use a key to act for {team ? 'its maker' : 'you'} within its scopes, with{' '}
          <code>Authorization: Bearer ll_live_…</code>.{' '}
          {team
            ? `A key made here reaches ${team}'s projects and collections only, and stops when its maker leaves the team. `
            : ''}
          Keys never reach passwords, two-factor sign-in, sessions, billing or other keys. See the{' '}
          <a href="/api/docs">API reference</a>.
        </p>
        {!manage.allowed ? (
          <RoleNote id="lldev-role" permission={manage} />
        ) : created ? (
          <NewSecret created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateApiKeyForm onCreated={setCreated} />
        )}
      </section>
      {manage.allowed && (
        <>
          <section className="lldev-section" aria-labelledby="lldev-list-title">
            <h2 id="lldev-list-title" className="lldev-title">
              {team ? 'Its keys' : 'Your keys'}
            </h2>
            <ApiKeysList showMaker={team !== null} />
          </section>
          <WebhooksSection />
        </>
      )}
      <SdkQuickStart />
    </div>
  );
}

import { PinningProviderSettings } from '../../collections/pinning-provider-form.tsx';
import { workspaceLabel } from '../../workspaces/workspace-choice.ts';
import { useWorkspace } from '../../workspaces/workspace-context.tsx';
import './publishing.css';

/**
 * Settings › Publishing: the pinning provider of the workspace chosen in the header (a team's, or the personal
 * one), which every collection of that workspace is uploaded to when published on IPFS. Switching the header's
 * workspace shows that workspace's; its Owners and Admins change it, other members see which one it is.
 */
export function PublishingTab() {
  const { current } = useWorkspace();
  const team = current.personal ? null : workspaceLabel(current);
  return (
    <div className="llpub">
      <section className="llpub-section" aria-labelledby="llpub-pinning">
        <h2 id="llpub-pinning" className="llpub-title">
          {team ? `Pinning provider of ${team}` : 'Your pinning provider'}
        </h2>
        <p className="llpub-lead">
          Collections published on IPFS are uploaded to this provider’s IPFS (Kubo) API.{' '}
          {team
            ? 'Switch workspace at the top to see another workspace’s provider.'
            : 'Each team you belong to has its own: switch workspace at the top to see it.'}
        </p>
        <PinningProviderSettings />
      </section>
    </div>
  );
}

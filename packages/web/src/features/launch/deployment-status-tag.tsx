import type { Deployment } from '@layerloom/api';
import { Tag } from 'antd';

// Darker text than the preset tag colours, so both read at 4.5:1 or better (as the collection status tag).
const looks = {
  verified: { background: '#e2f6ee', color: '#0a5e45', text: 'Verified on chain' },
  unverified: { background: '#fff3dc', color: '#7a4a00', text: 'Unverified' },
} as const;

/** "Verified on chain" or "Unverified", with the server's reason in the tag's title. */
export function DeploymentStatusTag({ deployment }: { deployment: Deployment }) {
  const look = looks[deployment.status];
  return (
    <Tag
      variant="filled"
      style={{ background: look.background, color: look.color }}
      title={deployment.statusReason ?? undefined}
    >
      {look.text}
    </Tag>
  );
}

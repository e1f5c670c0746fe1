import type { Deployment } from '@layerloom/api';
import { Tag } from 'antd';

/** "Verified on chain" or "Unverified", with the server's reason in the tag's title. */
export function DeploymentStatusTag({ deployment }: { deployment: Deployment }) {
  return deployment.status === 'verified' ? (
    <Tag color="success">Verified on chain</Tag>
  ) : (
    <Tag color="warning" title={deployment.statusReason ?? undefined}>
      Unverified
    </Tag>
  );
}

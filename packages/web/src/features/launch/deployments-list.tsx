import { ExportOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import { formatDate } from '../collections/format.ts';
import { DeploymentStatusTag } from './deployment-status-tag.tsx';
import { shortAddress } from './short-address.ts';
import { SourceVerificationStatus } from './source-verification-status.tsx';
import './source-verification.css';
import { useDeployments } from './use-deployments.ts';

/** The collection's deployed contracts: chain, address, verification, deployer and date. */
export function DeploymentsList({ collectionId }: { collectionId: string }) {
  const deployments = useDeployments(collectionId);
  if (deployments.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (deployments.isError) {
    return <Typography.Text type="danger">{errorMessage(deployments.error)}</Typography.Text>;
  }
  if (deployments.data.length === 0) return null;
  return (
    <div className="llc-launch-deployments">
      <h3 className="llc-section-label">Deployed contracts</h3>
      <ul aria-label="Deployed contracts">
        {deployments.data.map((deployment) => (
          <li key={deployment.id} className="llc-launch-deployment">
            <div className="llc-launch-deployment-head">
              <strong>{deployment.chainName}</strong>
              <DeploymentStatusTag deployment={deployment} />
            </div>
            <div>
              {deployment.explorerUrl ? (
                <Typography.Link href={deployment.explorerUrl} target="_blank" rel="noreferrer">
                  <code title={deployment.address}>{deployment.address}</code>{' '}
                  <ExportOutlined aria-hidden="true" />
                </Typography.Link>
              ) : (
                <code title={deployment.address}>{deployment.address}</code>
              )}
            </div>
            <div className="llc-muted">
              {deployment.name} ({deployment.symbol}), {deployment.maxSupply.toLocaleString('en-US')} tokens ·
              deployed by <code title={deployment.deployer}>{shortAddress(deployment.deployer)}</code> on{' '}
              {formatDate(deployment.createdAt)}
            </div>
            {deployment.status === 'unverified' && deployment.statusReason ? (
              <div className="llc-muted">{deployment.statusReason}</div>
            ) : null}
            <SourceVerificationStatus deployment={deployment} />
            <SourceVerificationStatus deployment={deployment} contract="royaltySplitter" />
          </li>
        ))}
      </ul>
    </div>
  );
}

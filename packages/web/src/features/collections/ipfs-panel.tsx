import { CopyOutlined } from '@ant-design/icons';
import { Button, Skeleton, Typography } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { useCollectionIpfs } from './collections-queries.ts';

/** The IPFS CIDs of the images and metadata folders (and the Solana metadata's, when it has some), each with a copy button. */
export function IpfsPanel({ collectionId }: { collectionId: string }) {
  const ipfs = useCollectionIpfs(collectionId, true);
  const feedback = useFeedback();
  const copy = (label: string, cid: string) =>
    navigator.clipboard.writeText(cid).then(
      () => feedback.success(`${label} CID copied`),
      (error: unknown) => feedback.error(error),
    );
  return (
    <section className="llc-ipfs" aria-labelledby="llc-ipfs-title">
      <h2 id="llc-ipfs-title" className="llc-section-label">
        IPFS content IDs
      </h2>
      {ipfs.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : ipfs.isError ? (
        <Typography.Text type="danger">{errorMessage(ipfs.error)}</Typography.Text>
      ) : (
        <dl className="llc-ipfs-list">
          {[
            ['Images', ipfs.data.imagesCid] as const,
            ['Metadata', ipfs.data.metadataCid] as const,
            ...(ipfs.data.solanaMetadataCid
              ? [['Solana metadata', ipfs.data.solanaMetadataCid] as const]
              : []),
          ].map(([label, cid]) => (
            <div key={label} className="llc-ipfs-row">
              <dt>{label}</dt>
              <dd>
                <code className="llc-cid" title={cid}>
                  {cid}
                </code>
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={`Copy the ${label.toLowerCase()} CID`}
                  onClick={() => void copy(label, cid)}
                />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

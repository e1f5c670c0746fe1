import { Skeleton, Typography } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import { useCollectionIpfs } from './collections-queries.ts';

/** The IPFS CIDs of the images and metadata folders, each copyable. */
export function IpfsPanel({ collectionId }: { collectionId: string }) {
  const ipfs = useCollectionIpfs(collectionId, true);
  return (
    <section className="ll-ipfs" aria-labelledby="ll-ipfs-title">
      <h2 id="ll-ipfs-title" className="ll-section-label">
        IPFS content IDs
      </h2>
      {ipfs.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : ipfs.isError ? (
        <Typography.Text type="danger">{errorMessage(ipfs.error)}</Typography.Text>
      ) : (
        <dl className="ll-ipfs-list">
          {(
            [
              ['Images', ipfs.data.imagesCid],
              ['Metadata', ipfs.data.metadataCid],
            ] as const
          ).map(([label, cid]) => (
            <div key={label} className="ll-ipfs-row">
              <dt>{label}</dt>
              <dd>
                <Typography.Text
                  code
                  className="ll-cid"
                  copyable={{ text: cid, tooltips: ['Copy CID', 'Copied'] }}
                  title={cid}
                >
                  {cid}
                </Typography.Text>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

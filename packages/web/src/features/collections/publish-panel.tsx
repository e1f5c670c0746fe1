import { CheckCircleFilled, CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { type Publication, publishCollection } from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Skeleton, Typography } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { RoleNote } from '../workspaces/role-note.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';
import { collectionsKey, useCollection, usePublication } from './collections-queries.ts';
import { formatDate } from './format.ts';
import { gatewayLink } from './ipfs-links.ts';
import { PublishModeChoice } from './ipfs-publish-section.tsx';
import { PlaceholderPanel } from './placeholder-panel.tsx';
import { RepublishMetadata } from './republish-metadata.tsx';

/** Publishes the collection, hosted by Layerloom, and keeps the answer as the collection's publication. */
function usePublish(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await call(publishCollection, { params: { id: collectionId }, body: { mode: 'hosted' } })).data
        .publication,
    onSuccess: (publication) => {
      client.setQueryData<Publication | null>([...collectionsKey, collectionId, 'publication'], publication);
    },
  });
}

/** One published value with a copy button. */
function CopyRow({ label, value }: { label: string; value: string }) {
  const feedback = useFeedback();
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => feedback.success(`${label} copied`),
      (error: unknown) => feedback.error(error),
    );
  return (
    <div className="llc-ipfs-row">
      <dt>{label}</dt>
      <dd>
        <code className="llc-cid" title={value}>
          {value}
        </code>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={`Copy the ${label.toLowerCase()}`}
          onClick={() => void copy()}
        />
      </dd>
    </div>
  );
}

/**
 * Publishing: before, what it means and a button; after, the base URI a contract's `tokenURI` uses, the
 * provenance hash and a link to a token's public metadata.
 */
export function PublishPanel({ collectionId, name }: { collectionId: string; name: string }) {
  const publication = usePublication(collectionId, true);
  const publish = usePublish(collectionId);
  // Publishing is an Admin's (the server refuses others): the button says so instead of failing.
  const publishing = usePermission(
    'launch',
    'publishing a collection',
    useCollection(collectionId).data?.workspaceId,
  );
  const { modal } = App.useApp();
  const feedback = useFeedback();

  const onPublish = () =>
    modal.confirm({
      title: `Publish “${name}”?`,
      content:
        'Every image and metadata file gets a public, permanent address that marketplaces and your contract will use. Published files cannot be changed or replaced afterwards.',
      okText: 'Publish',
      cancelText: 'Not yet',
      onOk: () =>
        publish.mutateAsync().then(
          () => feedback.success('Collection published'),
          // Shown in the panel below; the dialog closes either way.
          () => undefined,
        ),
    });

  return (
    <section className="llc-ipfs llc-publish" aria-labelledby="llc-publish-title">
      <h2 id="llc-publish-title" className="llc-section-label">
        Publication
      </h2>
      {publication.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : publication.isError ? (
        <Typography.Text type="danger">{errorMessage(publication.error)}</Typography.Text>
      ) : publication.data ? (
        <>
          <p className="llc-publish-state">
            <CheckCircleFilled aria-hidden="true" />{' '}
            {publication.data.mode === 'ipfs' ? 'Published on IPFS since' : 'Hosted by Layerloom since'}{' '}
            {formatDate(publication.data.publishedAt)}
          </p>
          <dl className="llc-ipfs-list">
            <CopyRow label="Base URI" value={publication.data.baseUri} />
            {publication.data.mode === 'ipfs' ? (
              <CopyRow label="Images" value={publication.data.imageBaseUri} />
            ) : null}
            <CopyRow label="Provenance" value={publication.data.provenanceHash} />
          </dl>
          {publication.data.mode === 'ipfs' && publication.data.metadataChanged ? (
            <RepublishMetadata collectionId={collectionId} />
          ) : null}
          <Typography.Link
            href={gatewayLink(
              `${publication.data.baseUri}1${publication.data.mode === 'ipfs' ? '.json' : ''}`,
            )}
            target="_blank"
            rel="noreferrer"
          >
            Token #1 metadata <ExportOutlined aria-hidden="true" />
          </Typography.Link>
          <PlaceholderPanel
            collectionId={collectionId}
            collectionName={name}
            onIpfs={publication.data.mode === 'ipfs'}
          />
        </>
      ) : (
        <>
          <p className="llc-muted llc-publish-intro">
            Not published yet. Publishing gives each token a public, permanent address for its image and
            metadata: the base URI your contract&apos;s tokenURI points to.
          </p>
          <PublishModeChoice
            collectionId={collectionId}
            name={name}
            hosted={
              <>
                {publish.isError ? (
                  <Alert
                    type="error"
                    showIcon
                    title="Could not publish"
                    description={errorMessage(publish.error)}
                  />
                ) : null}
                <div>
                  <Button
                    type="primary"
                    onClick={onPublish}
                    loading={publish.isPending}
                    disabled={!publishing.allowed}
                    aria-describedby={publishing.allowed ? undefined : 'llc-publish-role'}
                  >
                    Publish, hosted by Layerloom
                  </Button>
                  <RoleNote id="llc-publish-role" permission={publishing} />
                </div>
              </>
            }
          />
        </>
      )}
    </section>
  );
}

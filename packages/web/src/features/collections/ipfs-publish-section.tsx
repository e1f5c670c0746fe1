import { CloudUploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Progress, Radio, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { RoleNote } from '../workspaces/role-note.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';
import { formatBytes, hostOf } from './ipfs-links.ts';
import {
  isUploading,
  useCollectionPinningProvider,
  useIpfsUpload,
  useStartIpfsUpload,
} from './ipfs-queries.ts';
import { PinningProviderSettings } from './pinning-provider-form.tsx';
import './ipfs-publishing.css';

/** Where the upload stands: progress while it runs, the reason when it failed. */
export function UploadState({
  collectionId,
  endpoint,
}: {
  collectionId: string;
  endpoint: string | undefined;
}) {
  const upload = useIpfsUpload(collectionId);
  if (!upload.data) return null;
  const { status, done, total, error } = upload.data;
  if (isUploading(upload.data)) {
    const percent = total > 0 ? Math.floor((done * 100) / total) : 0;
    return (
      <div className="llc-ipfs-progress" role="status">
        <span>
          {status === 'queued' || total === 0
            ? 'Computing the content IDs and preparing the CAR files…'
            : `Uploading to ${endpoint ? hostOf(endpoint) : 'your provider'}: ${formatBytes(done)} of ${formatBytes(total)}`}
        </span>
        <Progress percent={percent} size="small" aria-label="Upload to IPFS" />
      </div>
    );
  }
  if (status === 'failed' || status === 'cancelled') {
    return (
      <Alert
        type="error"
        showIcon
        title="Could not publish to IPFS"
        description={
          <>
            {error ?? 'The upload was stopped. Try again.'}
            {total > 0 && (
              <span>
                {' '}
                {formatBytes(done)} of {formatBytes(total)} had been sent.
              </span>
            )}
          </>
        }
      />
    );
  }
  return null;
}

/**
 * Publishing on IPFS: the creator's pinning provider, then a button that uploads the collection's CAR
 * files to it (a background job whose progress is shown); the collection is published once the provider
 * reports the expected root CIDs. A failed upload says why and can be retried.
 */
export function IpfsPublishSection({ collectionId, name }: { collectionId: string; name: string }) {
  const { workspaceId, ready, provider } = useCollectionPinningProvider(collectionId);
  const publishing = usePermission('launch', 'publishing a collection', workspaceId);
  const upload = useIpfsUpload(collectionId);
  const start = useStartIpfsUpload(collectionId);
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const uploading = isUploading(upload.data);
  const failed = upload.data?.status === 'failed' || upload.data?.status === 'cancelled';

  const onPublish = () =>
    modal.confirm({
      title: `Publish “${name}” to IPFS?`,
      content: `The images and metadata are uploaded to ${provider.data ? hostOf(provider.data.endpoint) : 'your provider'} and pinned there. Your contract's token URIs will be ipfs:// addresses, which can never change.`,
      okText: 'Publish to IPFS',
      cancelText: 'Not yet',
      onOk: () =>
        start.mutateAsync().then(
          () => feedback.success('Upload to IPFS started'),
          // Shown in the section below; the dialog closes either way.
          () => undefined,
        ),
    });

  return (
    <div className="llc-ipfs-publish">
      <p className="llc-muted llc-publish-intro">
        The collection&apos;s files are uploaded to its workspace&apos;s pinning provider, and each
        token&apos;s URI becomes ipfs://…/N.json. Layerloom checks that the provider holds exactly the content
        IDs above.
      </p>
      <h3 className="llc-ipfs-subtitle">Pinning provider</h3>
      {ready ? (
        <PinningProviderSettings workspaceId={workspaceId} />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      )}
      <UploadState collectionId={collectionId} endpoint={provider.data?.endpoint} />
      {start.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not start the upload"
          description={errorMessage(start.error)}
        />
      ) : null}
      <div>
        <Button
          // Until a provider is saved, saving it is the one thing to do (its form's button is the primary).
          type={provider.data ? 'primary' : 'default'}
          icon={<CloudUploadOutlined aria-hidden="true" />}
          onClick={onPublish}
          loading={start.isPending || uploading}
          disabled={!provider.data || !publishing.allowed}
          aria-describedby={publishing.allowed ? undefined : 'llc-ipfs-publish-role'}
        >
          {uploading ? 'Publishing to IPFS' : failed ? 'Try again' : 'Publish to IPFS'}
        </Button>
        <RoleNote id="llc-ipfs-publish-role" permission={publishing} />
        {!provider.data && !provider.isPending && publishing.allowed ? (
          <Typography.Paragraph type="secondary" className="llc-ipfs-hint">
            Save a pinning provider first.
          </Typography.Paragraph>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The choice of where a collection's files live, before it is published: hosted by Layerloom (the
 * `hosted` content) or IPFS. A collection with an upload to IPFS under way or failed opens on IPFS.
 */
export function PublishModeChoice({
  collectionId,
  name,
  hosted,
}: {
  collectionId: string;
  name: string;
  hosted: ReactNode;
}) {
  const upload = useIpfsUpload(collectionId);
  const [chosen, setChosen] = useState<'hosted' | 'ipfs'>();
  const mode = chosen ?? (upload.data ? 'ipfs' : 'hosted');
  return (
    <>
      <Radio.Group
        className="llc-publish-modes"
        optionType="button"
        buttonStyle="solid"
        aria-label="Where the files are published"
        value={mode}
        onChange={(event) => setChosen(event.target.value as 'hosted' | 'ipfs')}
        options={[
          { value: 'hosted', label: 'Hosted by Layerloom' },
          { value: 'ipfs', label: 'IPFS' },
        ]}
      />
      {mode === 'hosted' ? hosted : <IpfsPublishSection collectionId={collectionId} name={name} />}
    </>
  );
}

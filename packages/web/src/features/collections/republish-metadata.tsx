import { CloudUploadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { RoleNote } from '../workspaces/role-note.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';
import { UploadState } from './ipfs-publish-section.tsx';
import {
  isUploading,
  useCollectionPinningProvider,
  useIpfsUpload,
  useStartIpfsUpload,
} from './ipfs-queries.ts';

/**
 * A collection on IPFS whose metadata was edited after its folder was pinned: the pinned folder still holds
 * the old metadata, so it says so and publishes again (only the new metadata folder is pinned; the images
 * stay). The drop's "Metadata on marketplaces" then points the contract at the new folder.
 */
export function RepublishMetadata({ collectionId }: { collectionId: string }) {
  const { workspaceId, provider } = useCollectionPinningProvider(collectionId);
  const upload = useIpfsUpload(collectionId);
  const start = useStartIpfsUpload(collectionId);
  const feedback = useFeedback();
  // Publishing is for the collection's workspace's Owners and Admins (the server refuses the others).
  const publishing = usePermission('launch', 'publishing a collection', workspaceId);
  const uploading = isUploading(upload.data);
  const publish = () =>
    start.mutate(undefined, { onSuccess: () => feedback.success('Pinning the new metadata on IPFS') });
  return (
    <div className="llc-ipfs-publish">
      <Alert
        type="warning"
        showIcon
        title="Metadata changed since it was pinned — publish again"
        description="The IPFS folder still holds the old metadata. Publishing again pins the new metadata (and new images, when a token’s art was replaced); then point the contract at it under Run the drop."
      />
      <UploadState collectionId={collectionId} endpoint={provider.data?.endpoint} />
      <div>
        <Button
          icon={<CloudUploadOutlined aria-hidden="true" />}
          onClick={publish}
          loading={start.isPending || uploading}
          disabled={!provider.data || !publishing.allowed}
          aria-describedby={publishing.allowed ? undefined : 'llc-republish-role'}
        >
          {uploading ? 'Publishing again' : 'Publish again'}
        </Button>
        <RoleNote id="llc-republish-role" permission={publishing} />
      </div>
      {start.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not publish again"
          description={errorMessage(start.error)}
        />
      ) : null}
    </div>
  );
}

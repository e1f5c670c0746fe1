import { DownloadOutlined } from '@ant-design/icons';
import { downloadCollection } from '@layerloom/api';
import { Button, Dropdown } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { endpointUrl } from '../../lib/api.ts';

const kinds = [
  { kind: 'zip', label: 'ZIP archive', hint: 'Images, metadata and rarity report' },
  { kind: 'images-car', label: 'Images CAR', hint: 'IPFS archive of the images folder' },
  { kind: 'metadata-car', label: 'Metadata CAR', hint: 'IPFS archive of the metadata folder' },
  { kind: 'collage', label: 'Banner collage', hint: 'PNG banner of the first tokens' },
  { kind: 'gif', label: 'Preview GIF', hint: 'Animated preview of the collection' },
] as const;

/**
 * The download menu. Each entry is a plain link, so the browser streams the file itself; big
 * collections take a moment before the download starts, which the toast says.
 */
export function DownloadsMenu({ collectionId, size }: { collectionId: string; size: number }) {
  const feedback = useFeedback();
  const slow = size > 500;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: kinds.map(({ kind, label, hint }) => ({
          key: kind,
          label: (
            <a
              href={endpointUrl(downloadCollection, { id: collectionId, kind })}
              download
              className="llc-download-item"
              onClick={() =>
                feedback.info(
                  slow
                    ? `Preparing the ${label.toLowerCase()}… with ${size.toLocaleString('en-US')} images it can take a minute to start.`
                    : `Preparing the ${label.toLowerCase()}…`,
                )
              }
            >
              <span className="llc-download-label">{label}</span>
              <span className="llc-download-hint">{hint}</span>
            </a>
          ),
        })),
      }}
    >
      <Button icon={<DownloadOutlined />}>Download</Button>
    </Dropdown>
  );
}

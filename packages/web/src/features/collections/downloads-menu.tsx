import { DownloadOutlined } from '@ant-design/icons';
import {
  type DownloadKind,
  downloadCollection,
  type MetadataFormat,
  writesErc721,
  writesSolana,
} from '@layerloom/api';
import { Button, Dropdown } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { endpointUrl } from '../../lib/api.ts';
import { useCollection } from './collections-queries.ts';

interface DownloadChoice {
  kind: DownloadKind;
  label: string;
  hint: string;
}

const kinds: readonly DownloadChoice[] = [
  { kind: 'zip', label: 'ZIP archive', hint: 'Images, metadata and rarity report' },
  { kind: 'images-car', label: 'Images CAR', hint: 'IPFS archive of the images folder' },
  { kind: 'metadata-car', label: 'Metadata CAR', hint: 'IPFS archive of the metadata folder' },
  { kind: 'collage', label: 'Banner collage', hint: 'PNG banner of the first tokens' },
  { kind: 'gif', label: 'Preview GIF', hint: 'Animated preview of the collection' },
];

const solanaKinds: readonly DownloadChoice[] = [
  {
    kind: 'solana-zip',
    label: 'Solana ZIP (Sugar)',
    hint: 'Metaplex assets folder: 0.png, 0.json … collection.json',
  },
  {
    kind: 'solana-metadata-car',
    label: 'Solana metadata CAR',
    hint: 'IPFS archive of the Metaplex metadata',
  },
];

/**
 * What a collection with this metadata can be downloaded as: the Solana entries only when it has Metaplex
 * metadata (first when Solana is all it was made for), the Ethereum metadata CAR only when it has ERC-721's.
 */
export function downloadChoices(format: MetadataFormat): DownloadChoice[] {
  const [zip, imagesCar, metadataCar, ...pictures] = kinds as [
    DownloadChoice,
    DownloadChoice,
    DownloadChoice,
    ...DownloadChoice[],
  ];
  if (!writesSolana(format)) return [...kinds];
  if (writesErc721(format)) return [zip, imagesCar, metadataCar, ...solanaKinds, ...pictures];
  return [
    ...solanaKinds,
    imagesCar,
    { ...zip, hint: 'Images, Ethereum metadata and rarity report' },
    ...pictures,
  ];
}

/**
 * The download menu. Each entry is a plain link, so the browser streams the file itself; big
 * collections take a moment before the download starts, which the toast says. The entries follow the
 * collection's metadata format (read from the collection the page has loaded).
 */
export function DownloadsMenu({ collectionId, size }: { collectionId: string; size: number }) {
  const feedback = useFeedback();
  const collection = useCollection(collectionId);
  const slow = size > 500;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: downloadChoices(collection.data?.metadataFormat ?? 'erc721').map(({ kind, label, hint }) => ({
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

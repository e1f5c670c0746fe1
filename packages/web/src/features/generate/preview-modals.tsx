import { ReloadOutlined } from '@ant-design/icons';
import { previewProjectGrid } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { WatermarkNote } from '../../components/watermark-note.tsx';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { fetchPreview, randomSeed } from './preview-api.ts';

function Attributes({
  attributes,
}: {
  attributes: readonly { trait_type: string; value: string | number }[];
}) {
  if (attributes.length === 0) return null;
  return (
    <dl className="ll-gen-attributes">
      {attributes.map((attribute) => (
        <div key={attribute.trait_type}>
          <dt>{attribute.trait_type}</dt>
          <dd>{String(attribute.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One random combination at preview size, with its traits; Re-roll draws another. */
export function PreviewModal({
  projectId,
  revision,
  watermark,
  open,
  onClose,
  configuration,
}: {
  projectId: string;
  revision: number;
  /** A layer configuration to draw (its index and name); default the first. */
  configuration?: { index: number; name: string } | undefined;
  /** The user's plan draws the Free watermark on previews. */
  watermark: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const [seed, setSeed] = useState(randomSeed);
  const preview = useQuery({
    queryKey: ['projects', projectId, 'preview', seed, revision, configuration?.index ?? 0],
    queryFn: ({ signal }) =>
      fetchPreview(
        projectId,
        { seed, size: 512, ...(configuration ? { configuration: configuration.index } : {}) },
        signal,
      ),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const url = preview.data?.url;
  // Object URLs hold the PNG in memory until revoked.
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Modal
      title={configuration ? `Preview: ${configuration.name}` : 'Preview'}
      open={open}
      onCancel={onClose}
      width={560}
      footer={[
        <Button
          key="reroll"
          icon={<ReloadOutlined aria-hidden="true" />}
          loading={preview.isFetching}
          onClick={() => setSeed(randomSeed())}
        >
          Re-roll
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {preview.isError ? (
        <Alert
          type="error"
          showIcon
          title="The preview could not be made"
          description={errorMessage(preview.error)}
        />
      ) : preview.data ? (
        <figure className="ll-gen-preview">
          <img
            src={preview.data.url}
            alt={`Preview: ${preview.data.attributes.map((a) => `${a.trait_type} ${a.value}`).join(', ') || 'no traits'}`}
            className={preview.isFetching ? 'is-stale' : undefined}
          />
          <figcaption>
            <Attributes attributes={preview.data.attributes} />
          </figcaption>
        </figure>
      ) : (
        <Skeleton.Image active style={{ width: '100%', height: 320 }} />
      )}
      {watermark ? <WatermarkNote what="Previews" /> : null}
    </Modal>
  );
}

/** "Preview All": a grid of random combinations. */
export function PreviewGridModal({
  projectId,
  revision,
  watermark,
  open,
  onClose,
}: {
  projectId: string;
  revision: number;
  /** The user's plan draws the Free watermark on previews. */
  watermark: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const [seed, setSeed] = useState(randomSeed);
  const grid = useQuery({
    queryKey: ['projects', projectId, 'preview-grid', seed, revision],
    queryFn: ({ signal }) =>
      call(previewProjectGrid, { params: { id: projectId }, body: { count: 12, seed, size: 256 }, signal }),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const previews = grid.data?.data.previews ?? [];
  return (
    <Modal
      title="Preview All"
      open={open}
      onCancel={onClose}
      width={960}
      footer={[
        <Button
          key="more"
          icon={<ReloadOutlined aria-hidden="true" />}
          loading={grid.isFetching}
          onClick={() => setSeed(randomSeed())}
        >
          Show others
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {grid.isError ? (
        <Alert
          type="error"
          showIcon
          title="The previews could not be made"
          description={errorMessage(grid.error)}
        />
      ) : grid.data ? (
        <ul className={`ll-gen-grid${grid.isFetching ? ' is-stale' : ''}`} aria-label="Preview grid">
          {previews.map((preview, index) => {
            const traits = preview.attributes.map((a) => `${a.trait_type}: ${a.value}`).join(', ');
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a grid is replaced whole, never reordered
              <li key={index}>
                <img src={preview.image} alt={traits || 'No traits'} />
                <div className="ll-gen-grid-tags">
                  {preview.attributes.map((a) => (
                    <Tag key={a.trait_type}>{String(a.value)}</Tag>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="ll-gen-grid" aria-busy="true">
          {Array.from({ length: 8 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Skeleton.Image key={index} active style={{ width: '100%', height: 160 }} />
          ))}
        </div>
      )}
      {watermark ? <WatermarkNote what="Previews" /> : null}
    </Modal>
  );
}

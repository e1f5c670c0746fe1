import { DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ART_CONFIRMATION,
  ART_IMAGE_MAX_BYTES,
  ART_MAX_TOKENS,
  type Collection,
  type MetadataEdit,
  type Publication,
  replaceTokenArt,
} from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Modal, Typography, Upload } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { marketplaceKey, useMarketplace } from '../drop/use-marketplace.ts';
import { usePermission } from '../workspaces/workspace-context.tsx';
import { useCollectionMetadata } from './amendments-queries.ts';
import { ChangeByline } from './change-byline.tsx';
import { collectionsKey, tokenThumbnailUrl } from './collections-queries.ts';
import { gatewayLink } from './ipfs-links.ts';
import { PLACEHOLDER_ACCEPT } from './placeholder-file.ts';
import './amendments.css';
import './art-editor.css';

/** Why art cannot change once the contract's metadata is frozen. */
export const FROZEN_ART_NOTE =
  'Metadata is frozen on chain: token metadata and art can never change again, so no art can be replaced.';

/** "token #2" or "tokens #2, #5". */
export function tokenList(editions: readonly number[]): string {
  const sorted = [...editions].sort((a, b) => a - b);
  return `${sorted.length === 1 ? 'token' : 'tokens'} ${sorted.map((edition) => `#${edition}`).join(', ')}`;
}

/**
 * What the creator reads and confirms before replacing art: the published provenance hash stays (it is on
 * chain) and no longer matches these tokens, and what to do next for the publication's kind.
 */
export function artConfirmation({
  editions,
  provenanceHash,
  mode,
}: {
  editions: readonly number[];
  provenanceHash: string;
  mode: Publication['mode'];
}): { title: string; paragraphs: string[] } {
  const one = editions.length === 1;
  const tokens = tokenList(editions);
  return {
    title: one ? `Replace the art of ${tokens}?` : `Replace the art of ${editions.length} tokens?`,
    paragraphs: [
      `The provenance hash published on chain (${provenanceHash.slice(0, 10)}…${provenanceHash.slice(-6)}) was computed from the original images. It will no longer match the new art of ${tokens}: anyone who checks the provenance will find that ${one ? 'this token differs' : 'these tokens differ'}.`,
      'The published hash stays as it is, and the version history records which tokens changed, when and by whom.',
      mode === 'ipfs'
        ? 'Next, publish to IPFS again to pin the new images and metadata, then update metadata on marketplaces (Run the drop).'
        : 'The new art gets new addresses (a new version); the published files stay as they were. Next, update metadata on marketplaces (Run the drop) so the contract reads the new version.',
    ],
  };
}

/** Why a chosen file cannot be sent, or null (the server still checks its content and size in pixels). */
export function artFileProblem(file: { name: string; size: number; type: string }): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const known =
    ['image/png', 'image/jpeg', 'image/webp', 'image/gif'].includes(file.type) ||
    ['png', 'jpg', 'jpeg', 'webp', 'gif'].includes(extension);
  if (!known) return `${file.name} is not a PNG, JPEG, WebP or GIF image.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > ART_IMAGE_MAX_BYTES) {
    return `${file.name} is over ${ART_IMAGE_MAX_BYTES / 1024 / 1024} MB: choose a smaller image.`;
  }
  return null;
}

interface ArtRow {
  key: number;
  edition: number | null;
  file: File | null;
  problem: string | null;
}

/** Why the rows cannot be sent yet, or null. */
function rowsProblem(rows: readonly ArtRow[], size: number): string | null {
  const seen = new Set<number>();
  for (const [index, row] of rows.entries()) {
    const which = `Row ${index + 1}`;
    if (row.edition === null) return `${which}: enter the token number.`;
    if (row.edition < 1 || row.edition > size)
      return `${which}: token #${row.edition} is not in this collection (#1 to #${size}).`;
    if (seen.has(row.edition)) return `Token #${row.edition} is chosen twice.`;
    seen.add(row.edition);
    if (row.problem) return row.problem;
    if (!row.file) return `${which}: choose the new image of token #${row.edition}.`;
  }
  return null;
}

/** Sends the new images (multipart: `token-N` files and the confirmation). */
function useReplaceArt(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (rows: readonly { edition: number; file: File }[]) => {
      const body = new FormData();
      body.append('confirm', ART_CONFIRMATION);
      for (const row of rows) body.append(`token-${row.edition}`, row.file, row.file.name);
      return (await call(replaceTokenArt, { params: { id: collectionId }, body })).data;
    },
    onSuccess: () => {
      // The collection (its images and revision), publication, history and the drop's "What changed".
      void client.invalidateQueries({ queryKey: [...collectionsKey, collectionId] });
      void client.invalidateQueries({ queryKey: marketplaceKey(collectionId) });
    },
  });
}

let nextKey = 1;
const emptyRow = (): ArtRow => ({ key: nextKey++, edition: null, file: null, problem: null });

/**
 * Replace token art after publication: one new image per token, sent after the creator confirms that the
 * published provenance hash no longer matches those tokens. Each replacement is a new version (listed
 * here with where its images are); disabled with the reason once the metadata is frozen on chain or for a
 * role that cannot edit.
 */
export function ArtEditor({ collection, publication }: { collection: Collection; publication: Publication }) {
  const feedback = useFeedback();
  const marketplace = useMarketplace(collection.id, true);
  const metadata = useCollectionMetadata(collection.id);
  const replace = useReplaceArt(collection.id);
  const editing = usePermission(
    'edit',
    'replacing token art',
    (collection as { workspaceId?: string }).workspaceId,
  );
  const [rows, setRows] = useState<ArtRow[]>(() => [emptyRow()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const frozen = marketplace.data?.isFrozen ?? false;
  const disabledReason = frozen ? FROZEN_ART_NOTE : editing.reason;
  const versions = (metadata.data?.history ?? []).filter((entry) => entry.kind === 'art');
  const editions = rows.flatMap((row) => (row.edition === null ? [] : [row.edition]));
  const confirmation = artConfirmation({
    editions,
    provenanceHash: publication.provenanceHash,
    mode: publication.mode,
  });

  const update = (key: number, change: Partial<ArtRow>) => {
    replace.reset();
    setProblem(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  };
  const review = () => {
    const found = rowsProblem(rows, collection.size);
    setProblem(found);
    if (!found) setConfirming(true);
  };
  const send = () =>
    replace.mutate(
      rows.map((row) => ({ edition: row.edition ?? 0, file: row.file as File })),
      {
        onSuccess: () => {
          setConfirming(false);
          setRows([emptyRow()]);
          feedback.success(`New art saved for ${tokenList(editions)}`);
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <section className="llc-panel llc-amend-panel llc-art-editor" aria-labelledby="llc-art-title">
      <h2 id="llc-art-title" className="llc-section-title">
        Replace token art
      </h2>
      <p className="llc-muted">
        Fix a token’s image after publication: upload its new image ({collection.width}×{collection.height}{' '}
        px, PNG, JPEG, WebP or GIF, up to {ART_IMAGE_MAX_BYTES / 1024 / 1024} MB). Each replacement is a new
        version; the published files stay as they were.
      </p>
      {frozen ? (
        <Alert type="info" showIcon title="Frozen on chain" description={disabledReason} id={reasonId} />
      ) : disabledReason ? (
        <p id={reasonId} className="llc-muted">
          {disabledReason}
        </p>
      ) : null}
      <ol className="llc-art-rows" aria-label="Tokens to replace">
        {rows.map((row, index) => (
          <li key={row.key} className="llc-art-row">
            <div className="llc-art-token">
              <span aria-hidden="true">Token number</span>
              <InputNumber
                min={1}
                max={collection.size}
                precision={0}
                prefix="#"
                value={row.edition}
                disabled={disabledReason !== null}
                aria-label={`Row ${index + 1}: token number`}
                onChange={(value) => update(row.key, { edition: typeof value === 'number' ? value : null })}
              />
            </div>
            <div className="llc-art-file">
              <Upload
                accept={PLACEHOLDER_ACCEPT}
                showUploadList={false}
                maxCount={1}
                disabled={disabledReason !== null}
                beforeUpload={(chosen) => {
                  const fileProblem = artFileProblem(chosen);
                  update(row.key, { file: fileProblem ? null : chosen, problem: fileProblem });
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<PictureOutlined aria-hidden="true" />} disabled={disabledReason !== null}>
                  {row.file ? 'Choose another image' : 'Choose the new image'}
                </Button>
              </Upload>
              <span className="llc-muted llc-art-file-name">
                {row.file ? row.file.name : 'No image chosen'}
              </span>
            </div>
            {row.edition !== null && row.edition >= 1 && row.edition <= collection.size ? (
              <div className="llc-art-preview">
                <figure>
                  <img
                    src={tokenThumbnailUrl(collection.id, row.edition, collection.revision)}
                    alt={`Token #${row.edition} now`}
                  />
                  <figcaption>Now</figcaption>
                </figure>
                <span aria-hidden="true">→</span>
                <figure>
                  {row.file ? (
                    <FilePreview file={row.file} alt={`New image of token #${row.edition}`} />
                  ) : (
                    <span className="llc-art-empty" />
                  )}
                  <figcaption>New</figcaption>
                </figure>
              </div>
            ) : null}
            {row.problem ? (
              <Typography.Text type="danger" role="alert" className="llc-art-problem">
                {row.problem}
              </Typography.Text>
            ) : null}
            {rows.length > 1 ? (
              <Button
                icon={<DeleteOutlined />}
                aria-label={`Remove row ${index + 1}`}
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              />
            ) : null}
          </li>
        ))}
      </ol>
      <div className="llc-art-actions">
        <Button
          icon={<PlusOutlined />}
          onClick={() => setRows((current) => [...current, emptyRow()])}
          disabled={disabledReason !== null || rows.length >= ART_MAX_TOKENS}
        >
          Add another token
        </Button>
        <Button
          type="primary"
          onClick={review}
          loading={replace.isPending}
          disabled={disabledReason !== null}
          aria-describedby={disabledReason ? reasonId : undefined}
        >
          Replace art
        </Button>
      </div>
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      {replace.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Art not replaced"
          description={errorMessage(replace.error)}
        />
      ) : null}
      <Modal
        open={confirming}
        title={confirmation.title}
        okText="Replace art"
        okButtonProps={{ danger: true, loading: replace.isPending }}
        cancelText="Cancel"
        onOk={send}
        onCancel={() => setConfirming(false)}
        width={520}
      >
        {confirmation.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Modal>
      {versions.length > 0 ? (
        <div className="llc-changes">
          <h3 className="llc-changes-title">Art versions</h3>
          <ol className="llc-history" aria-label="Art versions">
            {versions.map((entry, index) => (
              <ArtVersion key={entry.id} entry={entry} version={versions.length - index + 1} />
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

/** One art version: which tokens, where their new images are (or that IPFS needs publishing again), who and when. */
function ArtVersion({ entry, version }: { entry: MetadataEdit; version: number }) {
  const editions = entry.editions ?? [];
  return (
    <li>
      <span>
        <strong>Version {version}</strong>: {editions.length === 1 ? 'token' : 'tokens'}{' '}
        {editions.map((edition, index) => (
          <span key={edition}>
            {index > 0 ? ', ' : ''}
            {entry.location ? (
              <a
                href={gatewayLink(`${entry.location.imageBaseUri}${edition}.png`)}
                target="_blank"
                rel="noreferrer"
              >
                #{edition}
              </a>
            ) : (
              `#${edition}`
            )}
          </span>
        ))}
        {entry.location ? '' : ' (on IPFS once published again)'}
      </span>
      <ChangeByline change={entry} />
    </li>
  );
}

/** A chosen file shown as an image (its object URL released when it changes or leaves). */
function FilePreview({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // Some environments (tests) have no object URLs: no preview then, the file name says which it is.
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? <img src={url} alt={alt} /> : <span className="llc-art-empty" />;
}

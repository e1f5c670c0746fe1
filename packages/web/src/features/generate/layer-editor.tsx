import { CommentOutlined, DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { MIN_UPLOAD_BYTES, type Plan, type Trait } from '@layerloom/api';
import { Button, Empty, Input, InputNumber, Popconfirm, Tooltip, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { traitCountKey, useTraitCommentCounts } from '../review/review-queries.ts';
import { useEditLocked } from './edit-lock.tsx';
import { type DraftLayer, traitNameProblem } from './project-draft.ts';
import { formatPercent, traitShares } from './rarity.ts';
import { TraitMedia } from './trait-media.tsx';
import { ACCEPT_ATTRIBUTE, formatBytes, sortUploads, UPLOAD_MESSAGES } from './upload-checks.ts';

/** What the selected layer's editor can do. */
export interface TraitActions {
  onUpload: (files: File[]) => Promise<void>;
  onWeight: (traitId: string, weight: number) => void;
  onRename: (traitId: string, name: string) => void;
  onDelete: (traitId: string) => void;
  /** Opens the comments on a trait of this layer, by its name. */
  onComments: (traitName: string) => void;
}

/** A refusal to show under the upload area: which file, and why. */
export interface UploadRefusal {
  name: string;
  message: string;
}

/**
 * The selected layer: its upload area (drag and drop, many files, checked before sending), 'Images:N',
 * and its traits with thumbnails, editable names and weights, and what each weight means.
 */
export function LayerEditor({
  projectId,
  layer,
  plan,
  rarityMode,
  collectionSize,
  actions,
}: {
  projectId: string;
  layer: DraftLayer;
  plan: Plan;
  rarityMode: 'weighted' | 'exact';
  collectionSize: number;
  actions: TraitActions;
}) {
  const [uploading, setUploading] = useState(false);
  const [refusals, setRefusals] = useState<UploadRefusal[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const batch = useRef<File[]>([]);
  const locked = useEditLocked();
  // Each trait's number of comments; without it (not loaded, or failed) the buttons say just "Comments".
  const commentCounts = useTraitCommentCounts(projectId).data;

  const send = async (files: File[]) => {
    const { accepted, refused } = sortUploads(files, plan);
    setRefusals(refused);
    setServerError(null);
    if (accepted.length === 0) return;
    setUploading(true);
    try {
      await actions.onUpload(accepted);
    } catch (error) {
      setServerError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  const shares = traitShares(
    layer.traits.map((trait) => trait.weight),
    { mode: rarityMode, presence: layer.presence, collectionSize },
  );
  const limits = `JPEG, PNG, GIF, WebP, APNG, MP4, MOV or WebM · ${formatBytes(MIN_UPLOAD_BYTES)} to ${plan.maxUploadMb} MB each; animations up to ${plan.maxAnimationSeconds} s`;

  return (
    <div className="ll-gen-layer-editor">
      {/* A read-only editor (a Viewer's) takes no images: no area to drop them on. */}
      {locked ? null : (
        <Upload.Dragger
          multiple
          accept={{ format: ACCEPT_ATTRIBUTE, filter: 'native' }}
          showUploadList={false}
          disabled={uploading || !layer.id}
          beforeUpload={(file, fileList) => {
            batch.current.push(file);
            if (file.uid === fileList[fileList.length - 1]?.uid) {
              const files = batch.current;
              batch.current = [];
              void send(files);
            }
            return Upload.LIST_IGNORE;
          }}
          aria-label={`Upload images to layer ${layer.name}`}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden="true" />
          </p>
          <p className="ant-upload-text">
            {uploading ? 'Uploading…' : `Drop images for ${layer.name} here, or click to choose`}
          </p>
          <p className="ant-upload-hint">
            Many at once. Name a file <code>Trait#weight.png</code> to set its weight.
          </p>
        </Upload.Dragger>
      )}
      <div className="ll-gen-upload-status" aria-live="polite">
        {refusals.length > 0 ? (
          <div className="ll-gen-refusals" role="alert">
            <Typography.Text type="danger">
              {UPLOAD_MESSAGES.hint.replace('types!', '')}
              <Tooltip title={`Accepted: ${limits}`}>
                <button type="button" className="ll-gen-types">
                  types
                </button>
              </Tooltip>
              !
            </Typography.Text>
            <ul>
              {refusals.map((refusal) => (
                <li key={refusal.name}>
                  <strong>{refusal.name}</strong>: {refusal.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {serverError ? (
          <Typography.Text type="danger" role="alert" className="ll-gen-server-refusal">
            Upload refused: {serverError}
          </Typography.Text>
        ) : null}
      </div>
      <div className="ll-gen-images-head">
        <Typography.Text strong>Images:{layer.traits.length}</Typography.Text>
        <Typography.Text type="secondary">
          {rarityMode === 'exact' ? 'Weights are counts' : 'Weights are relative chances'} · {limits}
        </Typography.Text>
      </div>
      {layer.traits.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No images in this layer yet" />
      ) : (
        <ul className="ll-gen-traits" aria-label={`Traits of ${layer.name}`}>
          {layer.traits.map((trait, index) => (
            <TraitCard
              key={trait.id}
              projectId={projectId}
              trait={trait}
              traits={layer.traits}
              share={shares[index]}
              rarityMode={rarityMode}
              comments={commentCounts?.get(traitCountKey(layer.name, trait.name)) ?? 0}
              actions={actions}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function TraitCard({
  projectId,
  trait,
  traits,
  share,
  rarityMode,
  comments,
  actions,
}: {
  projectId: string;
  trait: Trait;
  traits: readonly Trait[];
  share: ReturnType<typeof traitShares>[number] | undefined;
  rarityMode: 'weighted' | 'exact';
  /** How many comments the trait has. */
  comments: number;
  actions: TraitActions;
}) {
  const [name, setName] = useState(trait.name);
  // A rename from elsewhere (another member's save shown live, a merge, a reload) shows in the box.
  const [shownName, setShownName] = useState(trait.name);
  if (shownName !== trait.name) {
    setShownName(trait.name);
    setName(trait.name);
  }
  const problem = name === trait.name ? null : traitNameProblem(name, traits, trait.id);
  const commit = () => {
    if (name.trim() === trait.name) return;
    if (problem) return;
    actions.onRename(trait.id, name.trim());
  };
  const shareText = share
    ? rarityMode === 'exact'
      ? `${share.count ?? 0} tokens · ${formatPercent(share.percentOfAll)}`
      : `${formatPercent(share.percentOfLayer)} of layer`
    : '';
  return (
    <li className="ll-gen-trait">
      <div className="ll-gen-thumb">
        <TraitMedia projectId={projectId} trait={trait} />
      </div>
      <Input
        size="small"
        value={name}
        aria-label={`Name of trait ${trait.name}`}
        status={problem ? 'error' : undefined}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => {
          commit();
          if (problem) setName(trait.name);
        }}
        onPressEnter={commit}
      />
      <div className="ll-gen-trait-weight">
        <InputNumber
          size="small"
          min={0}
          max={1_000_000}
          step={1}
          value={trait.weight}
          aria-label={`Weight of ${trait.name}`}
          onChange={(value) => {
            if (typeof value === 'number') actions.onWeight(trait.id, value);
          }}
        />
        <Popconfirm
          title={`Delete trait ${trait.name}?`}
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => actions.onDelete(trait.id)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            aria-label={`Delete trait ${trait.name}`}
          />
        </Popconfirm>
      </div>
      {problem ? (
        <Typography.Text className="ll-gen-share" type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : (
        <Typography.Text className="ll-gen-share" type="secondary">
          {shareText}
        </Typography.Text>
      )}
      {/* Every member comments, Viewers too: never disabled with the rest of a read-only editor. */}
      <Button
        type="link"
        size="small"
        className="ll-gen-trait-comments"
        icon={<CommentOutlined aria-hidden="true" />}
        disabled={false}
        aria-label={`${commentsLabel(comments)} on trait ${trait.name}`}
        onClick={() => actions.onComments(trait.name)}
      >
        {commentsLabel(comments)}
      </Button>
    </li>
  );
}

/** "Comments", or "Comments (3)" once there are some. */
function commentsLabel(count: number): string {
  return count > 0 ? `Comments (${count})` : 'Comments';
}

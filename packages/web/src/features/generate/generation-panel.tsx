import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { formatEta, percentDone } from './eta.ts';
import type { GenerationRun } from './use-generation.ts';

/** The spec's success text (earlier modal) and the default modal width. */
export const GENERATED_TEXT = 'NFT Collection Generated Successfully';

/** Progress of the running generation (done/total, ETA, Cancel), and how it ended. */
export function GenerationPanel({
  run,
  isCancelling,
  onCancel,
  onDismiss,
  onOpen,
}: {
  run: GenerationRun;
  isCancelling: boolean;
  onCancel: () => void;
  onDismiss: () => void;
  onOpen: () => void;
}) {
  const { progress, collection } = run;
  const percent = percentDone(progress.done, progress.total);
  if (progress.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={`Generating “${collection.name}” failed`}
        description={progress.error ?? 'The generation stopped with an error.'}
        action={<Button onClick={onDismiss}>Dismiss</Button>}
      />
    );
  }
  if (progress.status === 'cancelled') {
    return (
      <Alert
        type="info"
        showIcon
        title="Generation cancelled"
        description={`${progress.done} of ${progress.total} images had been made; nothing was kept.`}
        action={<Button onClick={onDismiss}>Dismiss</Button>}
      />
    );
  }
  const isDone = progress.status === 'ready';
  return (
    <section className="ll-gen-progress" aria-label="Generation progress">
      <div className="ll-gen-progress-head">
        <Typography.Text strong>{isDone ? 'Generated' : `Generating “${collection.name}”…`}</Typography.Text>
        <Typography.Text type="secondary" aria-live="polite">
          {progress.done.toLocaleString('en-US')} / {progress.total.toLocaleString('en-US')}
          {isDone ? '' : ` · ${formatEta(progress.etaSeconds)}`}
        </Typography.Text>
      </div>
      <Progress
        percent={percent}
        status={isDone ? 'success' : 'active'}
        strokeColor={{ from: '#7c4dff', to: '#20c5b0' }}
        aria-label="Images generated"
      />
      <div className="ll-gen-progress-actions">
        {isDone ? (
          <Button type="primary" onClick={onOpen}>
            Open collection
          </Button>
        ) : (
          <Button danger loading={isCancelling} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </section>
  );
}

/** The spec's 'NFT Collection Generated Successfully' modal; Ok goes to the collection. */
export function GeneratedModal({
  open,
  onOk,
  onClose,
}: {
  open: boolean;
  onOk: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={GENERATED_TEXT}
      onOk={onOk}
      onCancel={onClose}
      okText="Ok"
      cancelText="Stay here"
      width={520}
    >
      <Typography.Paragraph>
        Your images, metadata and rarity report are ready in My Collection.
      </Typography.Paragraph>
    </Modal>
  );
}

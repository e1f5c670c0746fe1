import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { type Ref, useRef } from 'react';
import { formatEta, percentDone } from './eta.ts';
import type { GenerationRun } from './use-generation.ts';

/** The spec's success text (earlier modal) and the default modal width. */
export const GENERATED_TEXT = 'NFT Collection Generated Successfully';

/**
 * Progress of the running generation (done/total, ETA, Cancel), and how it ended: one region, whatever
 * the state, so focus can be moved to it when the generation starts.
 */
export function GenerationPanel({
  ref,
  ...props
}: {
  ref?: Ref<HTMLElement>;
  run: GenerationRun;
  isCancelling: boolean;
  onCancel: () => void;
  onDismiss: () => void;
  onOpen: () => void;
}) {
  return (
    <section ref={ref} tabIndex={-1} className="ll-gen-run" aria-label="Generation progress">
      <RunState {...props} />
    </section>
  );
}

function RunState({
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
    <div className="ll-gen-progress">
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
    </div>
  );
}

/**
 * The spec's 'NFT Collection Generated Successfully' modal. Its primary, focused button opens the
 * collection (what almost everyone does next); "Stay here" keeps the editor to generate another.
 */
export function GeneratedModal({
  open,
  onOk,
  onClose,
}: {
  open: boolean;
  onOk: () => void;
  onClose: () => void;
}) {
  const openButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={GENERATED_TEXT}
      onCancel={onClose}
      // The dialog focuses itself as it opens; once open, the focus goes to what nearly everyone does next.
      afterOpenChange={(isOpen) => {
        if (isOpen) openButton.current?.focus();
      }}
      footer={[
        <Button key="stay" onClick={onClose}>
          Stay here
        </Button>,
        <Button key="open" type="primary" ref={openButton} onClick={onOk}>
          Open collection
        </Button>,
      ]}
      width={520}
    >
      <Typography.Paragraph>
        Your images, metadata and rarity report are ready in My Collection.
      </Typography.Paragraph>
    </Modal>
  );
}

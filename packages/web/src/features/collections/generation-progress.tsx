import { StopOutlined } from '@ant-design/icons';
import type { GenerationProgress } from '@layerloom/api';
import { App, Button, Progress } from 'antd';
import { useFeedback } from '../../app/feedback.ts';
import { useCancelGeneration } from './collections-queries.ts';
import { formatEta, formatProgressCount, progressPercent } from './format.ts';

/** A generation in progress: bar, count, time left, and a Cancel that asks first. */
export function GenerationProgressView({
  collectionId,
  name,
  progress,
  compact = false,
}: {
  collectionId: string;
  name: string;
  progress: GenerationProgress;
  compact?: boolean;
}) {
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const cancel = useCancelGeneration();
  const percent = progressPercent(progress.done, progress.total);
  const onCancel = () => {
    modal.confirm({
      title: `Cancel generating “${name}”?`,
      content: 'The images made so far are discarded. You can generate again from the project.',
      okText: 'Cancel generation',
      okButtonProps: { danger: true },
      cancelText: 'Keep generating',
      onOk: () =>
        cancel.mutateAsync(collectionId).then(
          () => feedback.info('Generation cancelled'),
          (error: unknown) => feedback.notifyError('Could not cancel the generation', error),
        ),
    });
  };
  return (
    <div className={compact ? 'llc-gen llc-gen-compact' : 'llc-gen'}>
      <Progress
        percent={percent}
        status="active"
        strokeColor={{ from: '#7c4dff', to: '#20c5b0' }}
        aria-label={`Generating ${name}: ${percent}%`}
      />
      <div className="llc-gen-row">
        <span className="llc-gen-text" aria-live="polite">
          {formatProgressCount(progress.done, progress.total)} · {formatEta(progress.etaSeconds)}
        </span>
        <Button
          size={compact ? 'small' : 'middle'}
          icon={<StopOutlined />}
          onClick={onCancel}
          loading={cancel.isPending}
          aria-label={`Cancel generating ${name}`}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

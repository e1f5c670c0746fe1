import { ArrowRightOutlined, CheckCircleFilled, LoadingOutlined } from '@ant-design/icons';
import type { Collection } from '@layerloom/api';
import { Button } from 'antd';
import { LinkButton } from '../../components/link-button.tsx';
import { BlockerAction } from './blocker-list.tsx';
import type { Blocker, BlockerTarget } from './generate-blockers.ts';

/**
 * The blocker to offer first: building the layers is the real work, so a missing layer or a layer
 * without images comes before a settings field; otherwise the page's own order.
 */
export function nextBlocker(blockers: readonly Blocker[]): Blocker | undefined {
  return (
    blockers.find((blocker) => blocker.id === 'no-layers') ??
    blockers.find((blocker) => blocker.id.startsWith('empty-layer-')) ??
    blockers[0]
  );
}

/** The one next thing to do, at the top of the page where the eye starts, with a button that goes there. */
export function NextStep({
  blockers,
  isGenerating,
  generated,
  collectionSize,
  onTarget,
  onGoToGenerate,
  onGoToProgress,
  onShowAll,
  sample,
}: {
  /** What to fix; a generation running is said by `isGenerating`, not listed here. */
  blockers: readonly Blocker[];
  isGenerating: boolean;
  /** The newest collection already made from the project: it is not "ready to generate" as if new. */
  generated?: Pick<Collection, 'id' | 'name' | 'size'> | undefined;
  collectionSize: number;
  onTarget: (target: BlockerTarget) => void;
  onGoToGenerate: () => void;
  /** Shows the running generation's progress under Generate. */
  onGoToProgress: () => void;
  /** Shows the whole list of reasons under Generate. */
  onShowAll: () => void;
  /** Offered beside "Add a layer" while the project has no layers. */
  sample: { onStart: () => void; isLoading: boolean };
}) {
  const next = nextBlocker(blockers);
  if (isGenerating) {
    return (
      <section className="ll-gen-next" aria-label="Next step">
        <LoadingOutlined aria-hidden="true" className="ll-gen-next-icon" />
        <p>
          <strong>Generating.</strong> Your collection is being made; its progress is under Generate, and it
          opens in My Collection when it is done.
        </p>
        <Button size="small" icon={<ArrowRightOutlined aria-hidden="true" />} onClick={onGoToProgress}>
          See progress
        </Button>
      </section>
    );
  }
  if (!next && generated) {
    return (
      <section className="ll-gen-next is-ready" aria-label="Next step">
        <CheckCircleFilled aria-hidden="true" className="ll-gen-next-icon" />
        <p>
          <strong>Generated.</strong> This project made “{generated.name}” (
          {generated.size.toLocaleString('en-US')} items). Open it to download or publish; generating again
          makes a new collection.
        </p>
        <LinkButton to={`/dashboard/collections/${generated.id}`} type="primary" size="small">
          Open collection
        </LinkButton>
      </section>
    );
  }
  if (!next) {
    return (
      <section className="ll-gen-next is-ready" aria-label="Next step">
        <CheckCircleFilled aria-hidden="true" className="ll-gen-next-icon" />
        <p>
          <strong>Ready to generate.</strong> Preview a few combinations, then generate your{' '}
          {collectionSize.toLocaleString('en-US')} items.
        </p>
        <Button
          type="primary"
          size="small"
          icon={<ArrowRightOutlined aria-hidden="true" />}
          onClick={onGoToGenerate}
        >
          Go to Generate
        </Button>
      </section>
    );
  }
  const isStart = next.id === 'no-layers';
  return (
    <section className="ll-gen-next" aria-label="Next step">
      <ArrowRightOutlined aria-hidden="true" className="ll-gen-next-icon" />
      <p>
        <strong>{isStart ? 'Start here:' : 'Next step:'}</strong>{' '}
        {isStart
          ? 'add your first layer (the bottom one, e.g. Background), or start from sample layers to try things out.'
          : next.text}
      </p>
      {next.targets.length > 0 ? (
        <span className="ll-gen-next-actions">
          {next.targets.map((target) => (
            <BlockerAction key={target.kind} target={target} onTarget={onTarget} type="primary" />
          ))}
          {isStart ? (
            <Button size="small" loading={sample.isLoading} onClick={sample.onStart}>
              Start from sample layers
            </Button>
          ) : null}
        </span>
      ) : null}
      {blockers.length > 1 ? (
        <Button type="link" size="small" className="ll-gen-next-all" onClick={onShowAll}>
          See all {blockers.length} things to fix
        </Button>
      ) : null}
    </section>
  );
}

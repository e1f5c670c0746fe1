import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Link } from 'react-router';
import { PLANS_PATH } from '../../lib/plans-path.ts';
import type { Blocker, BlockerTarget } from './generate-blockers.ts';

/** The words of the button that takes the user to a fix. */
export function targetLabel(target: BlockerTarget): string {
  switch (target.kind) {
    case 'field':
      return `Go to ${target.label}`;
    case 'new-layer':
      return 'Add a layer';
    case 'layer':
      return `Upload images to ${target.name}`;
    case 'retry-save':
      return 'Retry saving';
    case 'recount':
      return 'Count again';
    case 'rules':
      return 'Go to Rules';
    case 'plans':
      return 'See plans';
    case 'animation':
      return 'Go to Animation';
    case 'metadata':
      return 'Go to Metadata format';
  }
}

/** A fix: a link to the plans, or a button that scrolls to (and focuses) what needs changing. */
export function BlockerAction({
  target,
  onTarget,
  type = 'link',
}: {
  target: BlockerTarget;
  onTarget: (target: BlockerTarget) => void;
  type?: 'link' | 'primary' | 'default';
}) {
  if (target.kind === 'plans') {
    return (
      <Link to={PLANS_PATH} className="ll-gen-blocker-link">
        {targetLabel(target)}
      </Link>
    );
  }
  return (
    <Button
      type={type}
      size="small"
      className={type === 'link' ? 'll-gen-blocker-button' : undefined}
      onClick={() => onTarget(target)}
    >
      {targetLabel(target)}
    </Button>
  );
}

/** Every reason Generate is disabled, each with how to fix it and a way to get there. */
export function BlockerList({
  id,
  blockers,
  onTarget,
}: {
  id: string;
  blockers: readonly Blocker[];
  onTarget: (target: BlockerTarget) => void;
}) {
  if (blockers.length === 0) return null;
  return (
    <section id={id} className="ll-gen-blockers" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="ll-gen-blockers-title" tabIndex={-1}>
        <ExclamationCircleOutlined aria-hidden="true" />{' '}
        {blockers.length === 1 ? 'Before you can generate:' : `Before you can generate (${blockers.length}):`}
      </h3>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker.id} data-blocker={blocker.id}>
            <span>{blocker.text}</span>
            {blocker.targets.length > 0 ? (
              <span className="ll-gen-blocker-actions">
                {blocker.targets.map((target) => (
                  <BlockerAction key={target.kind} target={target} onTarget={onTarget} />
                ))}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

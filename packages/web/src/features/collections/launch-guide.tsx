import { CheckOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Collection, LaunchStatus } from '@layerloom/api';
import { Button, Skeleton, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { LaunchSection } from '../launch/launch-section.tsx';
import { useDeployments } from '../launch/use-deployments.ts';
import { MintPageLink } from '../mint/mint-page-link.tsx';
import { sectionElementId } from './collection-sections.ts';
import { usePublication } from './collections-queries.ts';
import { type GuideStep, type GuideStepKey, launchGuideSteps, startsFolded } from './launch-guide-steps.ts';
import { PublishPanel } from './publish-panel.tsx';
import './launch-guide.css';

/** One numbered step: its number (a tick once done), title, state, summary, and its body unless folded. */
function GuideStepItem({
  step,
  number,
  isOpen,
  onToggle,
  children,
}: {
  step: GuideStep;
  number: number;
  isOpen: boolean;
  /** Folds or unfolds a finished step; absent for steps that do not fold. */
  onToggle: (() => void) | null;
  children: ReactNode;
}) {
  const bodyId = `llc-guide-${step.key}-body`;
  return (
    <li
      className={`llc-guide-step llc-guide-step-${step.state}`}
      data-guide-step={step.key}
      aria-current={step.state === 'current' ? 'step' : undefined}
    >
      <div className="llc-guide-head">
        <span className="llc-guide-number" aria-hidden="true">
          {step.state === 'done' ? <CheckOutlined /> : number}
        </span>
        <div className="llc-guide-text">
          <div className="llc-guide-title-row">
            <h3 className="llc-guide-title">
              <span className="ll-visually-hidden">Step {number}:</span> {step.title}
            </h3>
            <span className={`llc-guide-state llc-guide-state-${step.state}`}>{step.label}</span>
          </div>
          <p className="llc-guide-summary">{step.summary}</p>
        </div>
        {onToggle ? (
          <Button
            className="llc-guide-toggle"
            icon={isOpen ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            aria-label={`${isOpen ? 'Hide' : 'Show'} details of step ${number}`}
            aria-expanded={isOpen}
            aria-controls={bodyId}
            onClick={onToggle}
          >
            {isOpen ? 'Hide details' : 'Show details'}
          </Button>
        ) : null}
      </div>
      {children ? (
        // Folded bodies stay mounted: a deploy in progress, a half-filled form or the drop's wallet keep their state.
        <div id={bodyId} className="llc-guide-body" hidden={!isOpen}>
          {children}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The collection page's launch as three numbered steps (Publish, Deploy, Run the drop), each with its state
 * and the one thing to do next. Finished steps fold into their one-line summary once the collection has a
 * contract; a step finished while the page is open stays open, so the creator sees what it did.
 */
export function LaunchGuide({
  collection,
  status,
}: {
  collection: Collection;
  /** The collection's launch status (the sale's figures from the chain), once answered. */
  status: LaunchStatus | undefined;
}) {
  const publication = usePublication(collection.id, true);
  const deployments = useDeployments(collection.id);
  const [runTarget, setRunTarget] = useState<HTMLDivElement | null>(null);
  const [toggled, setToggled] = useState<Partial<Record<GuideStepKey, boolean>>>({});
  // Whether the collection had a contract when the page opened: what a step's folding starts from.
  const hadContract = useRef<boolean | null>(null);

  const isLoaded = publication.isSuccess && deployments.isSuccess;
  if (isLoaded && hadContract.current === null) hadContract.current = deployments.data.length > 0;
  const failure = publication.error ?? deployments.error;

  const bodies: Record<GuideStepKey, ReactNode> = {
    publish: <PublishPanel collectionId={collection.id} name={collection.name} />,
    deploy: publication.data ? (
      <LaunchSection
        collectionId={collection.id}
        name={collection.name}
        size={collection.size}
        runTarget={runTarget}
      />
    ) : null,
    drop: deployments.data?.length ? <div ref={setRunTarget} className="llc-guide-run" /> : null,
  };

  return (
    <section
      id={sectionElementId('launch')}
      className="llc-panel llc-guide"
      aria-labelledby="llc-launch-title"
    >
      <h2 id="llc-launch-title" className="llc-section-title">
        Launch
      </h2>
      {failure ? (
        <Typography.Text type="danger">{errorMessage(failure)}</Typography.Text>
      ) : !isLoaded ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <ol className="llc-guide-steps">
          {launchGuideSteps({
            publication: publication.data,
            deployments: deployments.data,
            status,
          }).map((step, index) => {
            const canFold = step.state === 'done' && step.key !== 'drop';
            const isOpen = canFold
              ? (toggled[step.key] ?? !startsFolded(step, hadContract.current === true))
              : step.state !== 'waiting';
            return (
              <GuideStepItem
                key={step.key}
                step={step}
                number={index + 1}
                isOpen={isOpen}
                onToggle={canFold ? () => setToggled({ ...toggled, [step.key]: !isOpen }) : null}
              >
                {bodies[step.key]}
              </GuideStepItem>
            );
          })}
        </ol>
      )}
      <MintPageLink collectionId={collection.id} />
    </section>
  );
}

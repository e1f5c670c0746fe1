import { type SalePhase, salePhases, setPhase } from '@layerloom/contracts';
import { Button } from 'antd';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { phaseLabels } from './drop-format.ts';
import { DropSteps } from './drop-steps.tsx';
import { PhaseTag } from './phase-tag.tsx';

const phaseActions: Record<SalePhase, string> = {
  closed: 'Close the sale',
  allowlist: 'Open the allowlist sale',
  public: 'Open the public sale',
};

/** Opens the allowlist or public sale, or closes the sale (`setPhase`). */
export function PhaseCard({ context }: { context: DropContext }) {
  const { state, canManage, actions, chainId } = context;
  const choose = (phase: SalePhase) =>
    void actions.run([
      { action: 'phase', title: phaseActions[phase], send: (clients) => setPhase({ ...clients, phase }) },
    ]);
  return (
    <DropCard id="phase" title="Sale phase">
      <p className="llc-drop-line">
        Now: <PhaseTag phase={state.phase} />
      </p>
      <div className="llc-drop-buttons">
        {salePhases
          .filter((phase) => phase !== state.phase)
          .map((phase) => (
            <Button
              key={phase}
              type={phase === 'closed' ? 'default' : 'primary'}
              disabled={!canManage || actions.isRunning}
              loading={actions.running === 'phase'}
              onClick={() => choose(phase)}
            >
              {phaseActions[phase]}
            </Button>
          ))}
      </div>
      {state.phase !== 'allowlist' && state.allowlist.merkleRoot === null ? (
        <p className="llc-muted llc-drop-hint">
          No allowlist is set on chain yet: in the {phaseLabels.allowlist.toLowerCase()}, no one could mint.
          Upload one below first.
        </p>
      ) : null}
      <DropSteps steps={actions.steps} actions={['phase']} chainId={chainId} />
    </DropCard>
  );
}

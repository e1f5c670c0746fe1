import type { SalePhase } from '@layerloom/contracts';
import { Tag } from 'antd';
import { phaseLabels } from './drop-format.ts';

// Darker text than the preset tag colours, so each reads at 4.5:1 or better.
const looks: Record<SalePhase, { background: string; color: string }> = {
  closed: { background: '#eeecf3', color: '#3f3a4f' },
  allowlist: { background: '#ece6ff', color: '#45309e' },
  public: { background: '#e2f6ee', color: '#0a5e45' },
};

/** The sale phase as a coloured tag. */
export function PhaseTag({ phase }: { phase: SalePhase }) {
  const look = looks[phase];
  return (
    <Tag variant="filled" style={{ background: look.background, color: look.color }}>
      {phaseLabels[phase]}
    </Tag>
  );
}

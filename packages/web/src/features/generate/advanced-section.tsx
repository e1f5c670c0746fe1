import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { type ReactNode, useId } from 'react';
import { GenCard } from './gen-card.tsx';
import type { Draft } from './project-draft.ts';

/**
 * Whether the project uses a feature kept under Advanced: exact counts, rules, layer configurations,
 * 1-of-1s or Solana metadata. The seed is left out: every project has one, and the same seed is what a
 * creator expects.
 */
export function usesAdvanced(
  draft: Pick<Draft, 'rarityMode' | 'rules' | 'configurations' | 'oneOfOnes'> &
    Partial<Pick<Draft, 'metadata'>>,
) {
  return (
    (draft.metadata !== undefined && draft.metadata.format !== 'erc721') ||
    draft.rarityMode === 'exact' ||
    draft.rules.length > 0 ||
    draft.configurations.length > 0 ||
    draft.oneOfOnes.length > 0
  );
}

/** What Advanced holds, said while it is closed so nobody has to open it to find out. */
export const ADVANCED_SUMMARY =
  'Seed and exact counts, rules between traits, layer configurations, 1-of-1s, HashLips ZIP import and the metadata format (Ethereum or Solana).';

/**
 * The features a first collection does without, folded under one disclosure: its heading is the button.
 * The parts stay mounted while closed (hidden), so their forms keep their values and fixes can reach them.
 */
export function AdvancedSection({
  open,
  onToggle,
  locked,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Whether its parts are read only (a Viewer still opens it to read them). */
  locked?: boolean;
  children: ReactNode;
}) {
  const contentId = useId();
  return (
    <GenCard
      className={`ll-gen-card ll-gen-area-advanced${open ? ' is-open' : ''}`}
      locked={locked}
      title={
        <h2 className="ll-gen-card-title">
          <button
            type="button"
            className="ll-gen-advanced-toggle"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => onToggle(!open)}
          >
            {open ? <DownOutlined aria-hidden="true" /> : <RightOutlined aria-hidden="true" />}
            Advanced
          </button>
        </h2>
      }
    >
      {open ? null : <p className="ll-gen-advanced-summary">{ADVANCED_SUMMARY}</p>}
      <div id={contentId} className="ll-gen-advanced" hidden={!open}>
        {children}
      </div>
    </GenCard>
  );
}

/** One part of Advanced, with its own heading (the page's outline: h2 Advanced, h3 each part). */
export function AdvancedPart({
  title,
  className,
  extra,
  children,
}: {
  title: string;
  className: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={`ll-gen-advanced-part ${className}`} aria-labelledby={headingId}>
      <div className="ll-gen-advanced-head">
        <h3 id={headingId} className="ll-gen-advanced-title">
          {title}
        </h3>
        {extra}
      </div>
      {children}
    </section>
  );
}

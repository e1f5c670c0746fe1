import type { ReactNode } from 'react';
import { type DropSummary, formatBalance, formatLimit, formatMinted, formatPrice } from './drop-format.ts';
import { PhaseTag } from './phase-tag.tsx';

/** The sale at a glance: phase, supply, prices, limits, reveal, and (from the chain) funds and payout. */
export function DropSummaryList({ summary, currency }: { summary: DropSummary; currency: string }) {
  const rows: { label: string; value: ReactNode; isWide?: boolean }[] = [
    { label: 'Phase', value: <PhaseTag phase={summary.phase} /> },
    { label: 'Minted', value: formatMinted(summary.totalSupply, summary.maxSupply) },
    { label: 'Public price', value: formatPrice(summary.mintPrice, currency) },
    { label: 'Public limit', value: formatLimit(summary.maxPerWallet) },
    { label: 'Allowlist price', value: formatPrice(summary.allowlistPrice, currency) },
    { label: 'Allowlist limit', value: formatLimit(summary.allowlistMaxPerWallet) },
    { label: 'Revealed', value: summary.revealed ? 'Yes' : 'Not yet' },
  ];
  if (summary.balance !== null)
    rows.push({ label: 'Balance', value: formatBalance(summary.balance, currency) });
  if (summary.payTo) {
    rows.push({
      label: summary.payTo.isOwner ? 'Payout (owner)' : 'Payout address',
      isWide: true,
      value: (
        <code className="llc-drop-hash" title={summary.payTo.address}>
          {summary.payTo.address}
        </code>
      ),
    });
  }
  return (
    <dl className="llc-drop-state" data-testid="drop-state">
      {rows.map((row) => (
        <div
          key={row.label}
          className={`llc-drop-state-item${row.isWide ? ' llc-drop-state-wide' : ''}`}
          data-field={row.label}
        >
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { AllowlistEntry } from '@layerloom/api';
import { Pagination } from 'antd';
import { useState } from 'react';
import { allowanceSummary, allowanceText, allowlistPage } from './allowlist-wallets.ts';
import './allowlist-wallets.css';

const PAGE_SIZE = 8;

/** The uploaded wallets with what each may mint in the allowlist sale, a page at a time. */
export function AllowlistWalletTable({
  entries,
  phaseLimit,
}: {
  entries: readonly AllowlistEntry[];
  /** The allowlist per-wallet limit on chain, for wallets listed without a quantity. */
  phaseLimit: number;
}) {
  const [page, setPage] = useState(1);
  const shown = allowlistPage(entries, page, PAGE_SIZE);
  return (
    <div className="llc-allowlist-wallets">
      <p className="llc-drop-line llc-muted">{allowanceSummary(entries)}.</p>
      <table className="llc-allowlist-table">
        <caption className="ll-visually-hidden">Listed wallets and what each may mint</caption>
        <thead>
          <tr>
            <th scope="col">Wallet</th>
            <th scope="col">May mint</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((entry) => (
            <tr key={entry.address}>
              <td>
                <code>{entry.address}</code>
              </td>
              <td>{allowanceText(entry.quantity, phaseLimit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length > PAGE_SIZE ? (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={PAGE_SIZE}
          total={entries.length}
          onChange={setPage}
          showSizeChanger={false}
          aria-label="Pages of listed wallets"
        />
      ) : null}
    </div>
  );
}

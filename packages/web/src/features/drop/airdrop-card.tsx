import { airdrop } from '@layerloom/contracts';
import { Button, Input } from 'antd';
import { useId, useState } from 'react';
import { airdropCallData } from './drop-call-data.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { parseRecipients } from './parse-recipients.ts';

/** Free owner mints to a list of wallets (`airdrop`), in any phase and outside the sale limits. */
export function AirdropCard({ context }: { context: DropContext }) {
  const { state, canManage, actions, chainId } = context;
  const [text, setText] = useState('');
  const boxId = useId();
  const summaryId = useId();
  const parsed = parseRecipients(text);
  const left = state.maxSupply - state.totalSupply;
  const tooMany = BigInt(parsed.total) > left;
  const canSend =
    canManage &&
    !actions.isRunning &&
    parsed.recipients.length > 0 &&
    parsed.problems.length === 0 &&
    !tooMany;

  const send = async () => {
    const recipients = parsed.recipients;
    const total = parsed.total;
    const ok = await actions.run([
      {
        action: 'airdrop',
        title: `Airdrop ${total} ${total === 1 ? 'token' : 'tokens'} to ${recipients.length} ${recipients.length === 1 ? 'wallet' : 'wallets'}`,
        send: (clients) => airdrop({ ...clients, recipients }),
      },
    ]);
    if (ok) setText('');
  };

  return (
    <DropCard id="airdrop" title="Airdrop">
      <label htmlFor={boxId} className="llc-drop-label">
        Recipients, one per line: <code>address</code> (one token) or <code>address,quantity</code>
      </label>
      <Input.TextArea
        id={boxId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        spellCheck={false}
        placeholder="0x90F79bf6EB2c4f870365E785982E1f101E93b906,1"
        disabled={!canManage}
        aria-describedby={summaryId}
        className="llc-drop-mono"
      />
      <div id={summaryId} className="llc-drop-summary-line">
        {parsed.problems.length > 0 ? (
          <ul className="llc-drop-problems llc-drop-bad" aria-label="Lines to fix">
            {parsed.problems.map((problem) => (
              <li key={problem.line}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        ) : parsed.recipients.length > 0 ? (
          <span className={tooMany ? 'llc-drop-bad' : 'llc-muted'}>
            {parsed.total} {parsed.total === 1 ? 'token' : 'tokens'} to {parsed.recipients.length}{' '}
            {parsed.recipients.length === 1 ? 'wallet' : 'wallets'}
            {tooMany ? `: only ${left.toLocaleString('en-US')} left to mint.` : '.'}
          </span>
        ) : (
          <span className="llc-muted">Free for the recipients; you pay the gas.</span>
        )}
      </div>
      <div className="llc-drop-buttons">
        <Button disabled={!canSend} loading={actions.running === 'airdrop'} onClick={() => void send()}>
          {parsed.total > 0
            ? `Airdrop ${parsed.total} ${parsed.total === 1 ? 'token' : 'tokens'}`
            : 'Airdrop'}
        </Button>
        {canManage && parsed.problems.length === 0 && !tooMany ? (
          <FeeHint context={context} data={airdropCallData(parsed.recipients)} />
        ) : null}
      </div>
      <DropSteps steps={actions.steps} actions={['airdrop']} chainId={chainId} />
    </DropCard>
  );
}

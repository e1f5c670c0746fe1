import { setAllowlist } from '@layerloom/contracts';
import { Alert, Button, Form, Input, InputNumber, Typography } from 'antd';
import { type ChangeEvent, useId, useState } from 'react';
import { formatEther, type Hex, parseEther } from 'viem';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { formatDate } from '../collections/format.ts';
import { allowlistLineProblems } from './allowlist-problems.ts';
import { AllowlistWalletTable } from './allowlist-wallet-table.tsx';
import { allowlistCallData } from './drop-call-data.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { allowlistSync, countOf, formatPrice, limitError, priceError } from './drop-format.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { fieldCheck } from './price-card.tsx';
import { useAllowlist, useUploadAllowlist } from './use-allowlist.ts';

interface AllowlistValues {
  price: string;
  limit: number | null;
}

const syncLooks = {
  none: { type: 'info', text: 'No allowlist yet. Upload one to run an allowlist sale.' },
  'not-on-chain': {
    type: 'warning',
    text: 'Not on chain yet: set it on chain below so these wallets can mint.',
  },
  matches: { type: 'success', text: 'On chain: the contract checks this list.' },
  differs: {
    type: 'warning',
    text: 'The contract checks a different list. Set this one on chain to use it.',
  },
  'only-on-chain': { type: 'warning', text: 'The contract has an allowlist that was not uploaded here.' },
} as const;

/** Upload the allowlist (a CSV, checked line by line by the server), then set its root on chain. */
export function AllowlistCard({ collectionId, context }: { collectionId: string; context: DropContext }) {
  const { state, canManage, actions, chainId, currency } = context;
  const allowlist = useAllowlist(collectionId);
  const upload = useUploadAllowlist(collectionId);
  const [csv, setCsv] = useState('');
  const [form] = Form.useForm<AllowlistValues>();
  const fileId = useId();
  const csvId = useId();

  const uploaded = allowlist.data ?? null;
  const watchedPrice = Form.useWatch('price', form);
  const watchedLimit = Form.useWatch('limit', form);
  const allowlistCall =
    uploaded && watchedPrice !== undefined
      ? allowlistCallData(uploaded.merkleRoot as Hex, { price: watchedPrice, limit: watchedLimit })
      : null;
  const sync = allowlistSync(uploaded?.merkleRoot, state.allowlist.merkleRoot);
  const look = syncLooks[sync];
  const uploadError = upload.error;
  const lineProblems = uploadError instanceof ApiError ? allowlistLineProblems(uploadError.fields) : [];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsv(await file.text());
    upload.reset();
  };

  const onSetOnChain = async (values: AllowlistValues) => {
    if (!uploaded) return;
    const price = parseEther(values.price.trim());
    const maxPerWallet = values.limit ?? 0;
    const merkleRoot = uploaded.merkleRoot as Hex;
    await actions.run([
      {
        action: 'allowlist',
        title: `Set the allowlist on chain (${countOf(uploaded.count, 'wallet')}, ${formatPrice(price, currency)}, ${maxPerWallet} per wallet)`,
        send: (clients) => setAllowlist({ ...clients, merkleRoot, price, maxPerWallet }),
      },
    ]);
  };

  return (
    <DropCard id="allowlist" title="Allowlist">
      {allowlist.isPending ? (
        <span className="llc-muted">Loading the allowlist…</span>
      ) : allowlist.isError ? (
        <Typography.Text type="danger">{errorMessage(allowlist.error)}</Typography.Text>
      ) : (
        <>
          {uploaded ? (
            <p className="llc-drop-line" data-testid="allowlist-count">
              <strong>{uploaded.count.toLocaleString('en-US')}</strong>{' '}
              {uploaded.count === 1 ? 'wallet' : 'wallets'}, uploaded {formatDate(uploaded.updatedAt)}
            </p>
          ) : null}
          <Alert type={look.type} showIcon title={look.text} className="llc-drop-sync" />
          {uploaded ? (
            <AllowlistWalletTable entries={uploaded.entries} phaseLimit={state.allowlist.maxPerWallet} />
          ) : null}
        </>
      )}
      <div className="llc-drop-upload">
        <label htmlFor={csvId} className="llc-drop-label">
          Wallets, one per line: <code>address</code> or <code>address,quantity</code>
        </label>
        <Input.TextArea
          id={csvId}
          value={csv}
          onChange={(event) => {
            setCsv(event.target.value);
            if (upload.isError) upload.reset();
          }}
          rows={5}
          spellCheck={false}
          placeholder={
            '0x70997970C51812dc3A010C7d01b50e0d17dc79C8\n0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC,2'
          }
          disabled={!canManage}
          className="llc-drop-mono"
        />
        <div className="llc-drop-buttons llc-drop-upload-row">
          <label htmlFor={fileId} className="llc-drop-file">
            Or load a CSV file
            <input
              id={fileId}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(event) => void onFile(event)}
              disabled={!canManage}
            />
          </label>
          <Button
            onClick={() => upload.mutate(csv)}
            loading={upload.isPending}
            disabled={!canManage || csv.trim() === ''}
          >
            Upload the list
          </Button>
        </div>
        {uploadError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={
              lineProblems.length > 0
                ? `${lineProblems.length === 1 ? 'One line is' : `${lineProblems.length} lines are`} not valid, so nothing was uploaded. Fix ${lineProblems.length === 1 ? 'it' : 'them'} and upload again:`
                : errorMessage(uploadError)
            }
            description={
              lineProblems.length > 0 ? (
                <ul className="llc-drop-problems" aria-label="Lines to fix">
                  {lineProblems.map((problem) => (
                    <li key={problem.line}>{problem.message}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : upload.isSuccess ? (
          <Typography.Text className="llc-drop-ok" role="status">
            Uploaded: {countOf(upload.data.count, 'wallet')}.
          </Typography.Text>
        ) : null}
      </div>
      <Form<AllowlistValues>
        form={form}
        name="drop-allowlist"
        layout="vertical"
        key={`${state.allowlist.price}-${state.allowlist.maxPerWallet}`}
        initialValues={{ price: formatEther(state.allowlist.price), limit: state.allowlist.maxPerWallet }}
        onFinish={(values) => void onSetOnChain(values)}
        disabled={!canManage}
        requiredMark={false}
        className="llc-drop-form"
      >
        <div className="llc-drop-fields">
          <Form.Item
            name="price"
            label="Allowlist price"
            extra="Per token in the allowlist sale."
            rules={[{ validator: (_rule, value: string) => fieldCheck(priceError(value ?? '')) }]}
          >
            <Input inputMode="decimal" suffix={currency} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="limit"
            label="Allowlist limit per wallet"
            extra="For wallets listed without a quantity; a quantity in the list replaces it."
            rules={[{ validator: (_rule, value: number | null) => fieldCheck(limitError(value)) }]}
          >
            <InputNumber className="llc-drop-number" min={0} precision={0} />
          </Form.Item>
        </div>
        <div className="llc-drop-buttons">
          <Button
            htmlType="submit"
            disabled={!canManage || !uploaded || actions.isRunning}
            loading={actions.running === 'allowlist'}
          >
            Set the allowlist on chain
          </Button>
          {canManage ? <FeeHint context={context} data={allowlistCall} /> : null}
        </div>
      </Form>
      <DropSteps steps={actions.steps} actions={['allowlist']} chainId={chainId} />
    </DropCard>
  );
}

import { type Drop, type DropState, getAllowlistProof } from '@layerloom/api';
import { getCollectionState, getExplorerUrl, getMintedByWallet } from '@layerloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, InputNumber, Typography } from 'antd';
import {
  createContext,
  memo,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { Address, Hex } from 'viem';
import { type Config, useConfig, useConnection, useSwitchChain, WagmiProvider } from 'wagmi';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { estimateCallsFee, feeFailureMessage, networkFeeLine } from '../drop/network-fee.ts';
import { findLaunchChain } from '../launch/launch-chains.ts';
import { launchErrorMessage } from '../launch/launch-error-message.ts';
import { walletPublicClient } from '../launch/wallet-clients.ts';
import { toDropState } from './chain-drop-state.ts';
import { mintCall } from './mint-fee.ts';
import { blockerMessage, formatPrice, mintAllowance, phaseTerms, type WalletStanding } from './mint-rules.ts';
import { mintWagmiConfig } from './mint-wagmi-config.ts';
import { MintWalletSection } from './mint-wallet-section.tsx';
import { MintedTokens } from './minted-tokens.tsx';
import { useMintFlow } from './use-mint-flow.ts';
import '../launch/launch.css';

export interface MintPanelProps {
  drop: Drop & { contract: NonNullable<Drop['contract']> };
  state: DropState;
  /**
   * After a mint (confirmed or not): read the sale again. `fresh` is the sale read from the chain through the
   * collector's wallet right after it, newer than the server's cached read.
   */
  onMinted: (fresh?: DropState) => void;
  /** The sale figures, given what the connected wallet has minted and may mint (null while none is known). */
  renderFigures: (wallet: WalletStanding | null) => ReactNode;
  /**
   * Whether to restore the wallet this browser had connected here before. Off when the collector has just
   * pressed Connect: a restore running then would race their own connection and could undo it.
   */
  reconnect: boolean;
}

/** What the connected wallet already minted in each sale, and what it holds to pay with. */
function useWalletStanding(slug: string, chainId: number, contract: Address, account: Address | undefined) {
  const config = useConfig();
  return useQuery({
    queryKey: ['drop', slug, 'wallet', chainId, account],
    enabled: account !== undefined,
    staleTime: 0,
    queryFn: async () => {
      const publicClient = await walletPublicClient(config, chainId);
      const wallet = account as Address;
      const [minted, balance] = await Promise.all([
        getMintedByWallet({ publicClient, address: contract, wallet }),
        publicClient.getBalance({ address: wallet }),
      ]);
      return {
        publicMinted: Number(minted.publicMinted),
        allowlistMinted: Number(minted.allowlistMinted),
        balance,
      };
    },
  });
}

/** The wallet's place on the drop's allowlist (only asked in the allowlist phase). */
function useAllowlistProof(slug: string, account: Address | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['drop', slug, 'allowlist', account],
    enabled: enabled && account !== undefined,
    queryFn: async ({ signal }) =>
      (await call(getAllowlistProof, { params: { slug, address: account as string }, signal })).data.proof,
  });
}

/**
 * The mint's network fee for the connected wallet, estimated through its provider (this chunk loads on
 * Connect) and again whenever the quantity or the sale changes; off while the wallet cannot mint.
 */
function useMintFee(chainId: number, account: Address | undefined, call: ReturnType<typeof mintCall> | null) {
  const config = useConfig();
  return useQuery({
    queryKey: ['drop', 'mint-fee', chainId, account, call?.to, call?.data, call?.value?.toString()],
    enabled: account !== undefined && call !== null,
    retry: false,
    staleTime: 30_000,
    queryFn: async () =>
      estimateCallsFee({
        publicClient: await walletPublicClient(config, chainId),
        account: account as Address,
        calls: [call as ReturnType<typeof mintCall>],
      }),
  });
}

function MintArea({ drop, state, onMinted, renderFigures }: MintPanelProps) {
  const contract = drop.contract;
  const context = useMemo(
    () => ({ chainName: contract.chainName, currencySymbol: contract.currency }),
    [contract.chainName, contract.currency],
  );
  const connection = useConnection();
  const switchChain = useSwitchChain();
  const isConnected = connection.status === 'connected';
  const isWrongNetwork = isConnected && connection.chainId !== contract.chainId;
  const account = isConnected && !isWrongNetwork ? connection.address : undefined;
  const standing = useWalletStanding(drop.slug, contract.chainId, contract.address as Address, account);
  const isAllowlist = state.phase === 'allowlist';
  const proof = useAllowlistProof(drop.slug, account, isAllowlist);
  const config = useConfig();
  // The count and this wallet's allowance change at once: the sale is read through the wallet that just
  // minted, instead of waiting for the server's cached read to expire.
  const afterMint = useCallback(() => {
    walletPublicClient(config, contract.chainId)
      .then((publicClient) => getCollectionState({ publicClient, address: contract.address as Address }))
      .then(
        (read) => onMinted(toDropState(read, new Date())),
        () => onMinted(),
      );
  }, [config, contract.chainId, contract.address, onMinted]);
  const flow = useMintFlow({ context, onSettled: afterMint });
  const [quantity, setQuantity] = useState(1);

  const mintedInPhase = isAllowlist ? standing.data?.allowlistMinted : standing.data?.publicMinted;
  const allowance = mintAllowance({
    state,
    mintedInPhase,
    listed: proof.data?.listed,
    proofRoot: proof.data?.merkleRoot,
    listedAllowance: proof.data?.allowance,
  });
  const { price } = phaseTerms(state);
  const chosen = Math.max(1, Math.min(quantity, allowance.max));
  const total = price * BigInt(chosen);
  const cannotPay = standing.data !== undefined && standing.data.balance < total;
  const isBusy = flow.state.status === 'wallet' || flow.state.status === 'pending';
  const isReady =
    account !== undefined &&
    standing.isSuccess &&
    (!isAllowlist || proof.data?.listed === true) &&
    allowance.blocker === null &&
    !cannotPay;

  const allowlistTerms = isAllowlist
    ? { allowance: proof.data?.allowance ?? 0, proof: (proof.data?.proof ?? []) as Hex[] }
    : undefined;
  const fee = useMintFee(
    contract.chainId,
    account,
    isReady
      ? mintCall({
          address: contract.address as Address,
          quantity: chosen,
          value: total,
          allowlist: allowlistTerms,
        })
      : null,
  );
  const feeText = !isReady
    ? null
    : fee.isError
      ? feeFailureMessage(fee.error, contract.currency)
      : fee.data !== undefined
        ? networkFeeLine(fee.data, contract.currency)
        : 'Estimating the network fee…';

  // Rendered here, inside the wallet provider: state lifted to the card would re-render the provider, which
  // then reconnects the wallet.
  const wallet: WalletStanding | null =
    account !== undefined && mintedInPhase !== undefined
      ? {
          mintedInPhase,
          listed: isAllowlist ? proof.data?.listed : undefined,
          listedAllowance: isAllowlist ? proof.data?.allowance : undefined,
        }
      : null;

  // A limit that shrank (another mint, a refresh) pulls the quantity back within it.
  useEffect(() => {
    if (allowance.max > 0 && quantity > allowance.max) setQuantity(allowance.max);
  }, [allowance.max, quantity]);

  const onMint = () => {
    if (!isReady) return;
    void flow.start({
      chainId: contract.chainId,
      address: contract.address as Address,
      quantity: chosen,
      ...(allowlistTerms ? { allowlist: allowlistTerms } : {}),
    });
  };

  const hash = flow.state.hash;
  const txUrl = hash ? getExplorerUrl({ chainId: contract.chainId, type: 'transaction', hash }) : null;
  const txLink = hash ? (
    txUrl ? (
      <Typography.Link href={txUrl} target="_blank" rel="noreferrer">
        <code className="llm-hash">{hash}</code>
      </Typography.Link>
    ) : (
      <code className="llm-hash">{hash}</code>
    )
  ) : null;

  return (
    <>
      {renderFigures(wallet)}
      <div className="llm-panel">
        <MintWalletSection
          {...context}
          pageUrl={`${window.location.origin}/mint/${encodeURIComponent(drop.slug)}`}
        />
        {isWrongNetwork ? (
          <Alert
            type="warning"
            showIcon
            title={`Your wallet is on ${findLaunchChain(connection.chainId)?.name ?? `chain ${connection.chainId}`}`}
            description={
              <div className="llm-switch">
                <span>This collection is sold on {contract.chainName}.</span>
                <Button
                  type="primary"
                  loading={switchChain.isPending}
                  onClick={() => switchChain.switchChain({ chainId: contract.chainId })}
                >
                  Switch to {contract.chainName}
                </Button>
              </div>
            }
          />
        ) : null}
        {switchChain.isError ? (
          <Alert type="error" showIcon title={launchErrorMessage(switchChain.error, context)} />
        ) : null}
        {standing.isError ? (
          <Alert type="error" showIcon title={launchErrorMessage(standing.error, context)} />
        ) : null}
        {proof.isError ? (
          <Alert
            type="error"
            showIcon
            title="The allowlist could not be checked"
            description={errorMessage(proof.error)}
          />
        ) : null}
        {account !== undefined && allowance.blocker ? (
          <Alert
            type="warning"
            showIcon
            title={blockerMessage(allowance.blocker, state, proof.data?.allowance)}
          />
        ) : null}
        {account !== undefined && !allowance.blocker && cannotPay ? (
          <Alert
            type="error"
            showIcon
            title={`This wallet does not have enough ${contract.currency} on ${contract.chainName}: ${chosen === 1 ? 'one token costs' : `${chosen} tokens cost`} ${formatPrice(total, contract.currency)} plus gas.`}
          />
        ) : null}
        <div className="llm-mint-row">
          <div className="llm-quantity">
            <label htmlFor="llm-quantity">Quantity</label>
            <InputNumber
              id="llm-quantity"
              min={1}
              max={Math.max(1, allowance.max)}
              precision={0}
              value={chosen}
              disabled={allowance.max <= 1 || isBusy}
              onChange={(value) => setQuantity(typeof value === 'number' ? value : 1)}
              aria-describedby="llm-quantity-hint"
            />
          </div>
          <Button
            type="primary"
            size="large"
            className="llm-mint-button"
            disabled={!isReady || isBusy}
            loading={isBusy}
            onClick={onMint}
          >
            {isBusy ? 'Minting…' : `Mint ${chosen}`}
          </Button>
          <span className="llm-total">
            Total <strong>{formatPrice(total, contract.currency)}</strong>
          </span>
        </div>
        <p id="llm-quantity-hint" className="llc-muted llm-hint">
          {!isConnected
            ? 'Connect a wallet to mint.'
            : allowance.max > 0
              ? `This wallet can mint up to ${allowance.max} now.`
              : 'This wallet cannot mint more now.'}
          {isAllowlist && proof.isPending && account !== undefined ? ' Checking the allowlist…' : ''}
        </p>
        {feeText ? (
          <p className="llc-muted llm-hint" data-testid="mint-fee">
            {feeText}
          </p>
        ) : null}
        <div aria-live="polite" className="llm-status">
          {flow.state.status === 'wallet' ? (
            <Alert type="info" showIcon title="Confirm the mint in your wallet…" />
          ) : flow.state.status === 'pending' ? (
            <Alert type="info" showIcon title="Minting: waiting for the transaction" description={txLink} />
          ) : flow.state.status === 'failed' ? (
            <Alert type="error" showIcon title={flow.state.error} />
          ) : flow.state.status === 'confirmed' ? (
            <Alert
              type="success"
              showIcon
              title="Mint confirmed"
              description={
                <div className="llm-confirmed">
                  <span>Transaction {txLink}</span>
                  <MintedTokens
                    tokenIds={flow.state.tokenIds ?? []}
                    metadataBaseUri={drop.metadataBaseUri}
                    revealed={state.revealed}
                    collectionName={drop.name}
                  />
                </div>
              }
            />
          ) : null}
        </div>
      </div>
    </>
  );
}

/** The panel's latest props, read inside the wallet provider without re-rendering the provider. */
const PanelProps = createContext<MintPanelProps | null>(null);

function PanelArea() {
  const props = useContext(PanelProps);
  return props ? <MintArea {...props} /> : null;
}

/**
 * The wallet provider, rendered once: each render of wagmi's provider runs its mount step again (a
 * reconnect, or dropping the connections), which would undo a connection being made. New props reach the
 * panel through `PanelProps` instead.
 */
const WalletProvider = memo(function WalletProvider({
  config,
  reconnect,
}: {
  config: Config;
  reconnect: boolean;
}) {
  return (
    <WagmiProvider config={config} reconnectOnMount={reconnect}>
      <PanelArea />
    </WagmiProvider>
  );
});

/** The wallet side of the mint card, inside its own wallet context (a lazily loaded chunk). */
export default function MintPanel(props: MintPanelProps) {
  return (
    <PanelProps.Provider value={props}>
      <WalletProvider
        config={mintWagmiConfig(props.drop.walletConnectProjectId)}
        reconnect={props.reconnect}
      />
    </PanelProps.Provider>
  );
}

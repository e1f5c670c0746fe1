import {
  type CollectionSettings,
  layerloomCollectionAbi,
  layerloomCollectionBytecode,
  layerloomPaymentSplitterAbi,
  layerloomPaymentSplitterBytecode,
  type PayeeShare,
} from '@layerloom/contracts';
import { type Address, encodeDeployData, formatEther, type PublicClient, zeroAddress, zeroHash } from 'viem';

/**
 * The deploy transaction's data for these settings, as `deployCollection` sends it (the settings are
 * checked by the form first; the library checks them again before the wallet is asked).
 */
export function deployData(settings: CollectionSettings, owner: Address) {
  const payees = settings.payees ?? [];
  return encodeDeployData({
    abi: layerloomCollectionAbi,
    bytecode: layerloomCollectionBytecode,
    args: [
      {
        name: settings.name,
        symbol: settings.symbol,
        maxSupply: BigInt(settings.maxSupply),
        publicPrice: settings.mintPrice,
        maxPerWallet: settings.maxPerWallet,
        allowlistPrice: settings.allowlist?.price ?? 0n,
        allowlistMaxPerWallet: settings.allowlist?.maxPerWallet ?? 0,
        merkleRoot: settings.allowlist?.merkleRoot ?? zeroHash,
        preRevealURI: settings.preRevealURI,
        contractURI: settings.contractURI ?? '',
        owner: settings.owner ?? owner,
        payoutAddress: settings.payoutAddress ?? zeroAddress,
        royaltyReceiver: settings.royalty?.receiver ?? owner,
        royaltyBps: BigInt(settings.royalty?.bps ?? 0),
        payees: payees.map((payee) => payee.address),
        shares: payees.map((payee) => BigInt(payee.shares)),
      },
    ],
  });
}

/** The royalty splitter's deploy transaction data, as `deployPaymentSplitter` sends it. */
export function splitterDeployData(payees: readonly PayeeShare[]) {
  return encodeDeployData({
    abi: layerloomPaymentSplitterAbi,
    bytecode: layerloomPaymentSplitterBytecode,
    args: [payees.map((payee) => payee.address), payees.map((payee) => BigInt(payee.shares))],
  });
}

/**
 * What deploying would cost now in the chain's native currency (wei): its gas × the network's gas price,
 * with the royalty splitter's deploy first when there is one (`fee` is then both; `splitterFee` its part).
 */
export async function estimateDeployFee({
  publicClient,
  account,
  settings,
  royaltySplit = null,
}: {
  publicClient: Pick<PublicClient, 'estimateGas' | 'getGasPrice'>;
  account: Address;
  settings: CollectionSettings;
  royaltySplit?: readonly PayeeShare[] | null;
}): Promise<{ gas: bigint; gasPrice: bigint; fee: bigint; splitterFee?: bigint }> {
  const [gas, splitterGas, gasPrice] = await Promise.all([
    publicClient.estimateGas({ account, data: deployData(settings, account) }),
    royaltySplit ? publicClient.estimateGas({ account, data: splitterDeployData(royaltySplit) }) : null,
    publicClient.getGasPrice(),
  ]);
  if (splitterGas === null) return { gas, gasPrice, fee: gas * gasPrice };
  return {
    gas: gas + splitterGas,
    gasPrice,
    fee: (gas + splitterGas) * gasPrice,
    splitterFee: splitterGas * gasPrice,
  };
}

/** "0.0123 ETH": three significant digits, "less than 0.0001 ETH" below that. */
export function formatFee(wei: bigint, currency: string): string {
  if (wei === 0n) return `0 ${currency}`;
  const amount = Number(formatEther(wei));
  if (amount < 0.0001) return `less than 0.0001 ${currency}`;
  return `${Number(amount.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 4 })} ${currency}`;
}

/** What the form says of the deploy's network fee: estimated, being estimated, waiting for the form, or why not. */
export function deployFeeLine(state: {
  currency: string;
  /** The form is complete and correct (there are settings to estimate). */
  hasSettings: boolean;
  fee?: bigint | undefined;
  /** The royalty splitter's part of `fee`, when one is deployed first. */
  splitterFee?: bigint | undefined;
  /** Why the estimate failed, in words; undefined when it did not. */
  failure?: string | undefined;
}): { text: string; tone: 'plain' | 'muted' | 'bad' } {
  if (!state.hasSettings) {
    return { text: 'The network fee is estimated once every field is filled in correctly.', tone: 'muted' };
  }
  if (state.failure !== undefined) {
    const reason = /[.!?]$/.test(state.failure) ? state.failure : `${state.failure}.`;
    return {
      text: `Could not estimate the network fee: ${reason} Your wallet still shows the fee before you confirm.`,
      tone: 'bad',
    };
  }
  if (state.fee === undefined) return { text: 'Estimating the network fee…', tone: 'muted' };
  if (state.splitterFee !== undefined) {
    const collection = state.fee - state.splitterFee;
    return {
      text: `Deploying costs about ${formatFee(state.fee, state.currency)} (network fee), paid from your wallet in two confirmations: about ${formatFee(state.splitterFee, state.currency)} for the royalty splitter, then about ${formatFee(collection, state.currency)} for the collection; setting up the sale afterwards takes a few much smaller transactions.`,
      tone: 'plain',
    };
  }
  return {
    text: `Deploying costs about ${formatFee(state.fee, state.currency)} (network fee), paid from your wallet; setting up the sale afterwards takes a few much smaller transactions.`,
    tone: 'plain',
  };
}

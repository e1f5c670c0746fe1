import {
  type CollectionErrorName,
  CollectionRevertedError,
  layerloomCollectionAbi,
  layerloomPaymentSplitterAbi,
} from '@layerloom/contracts';
import { type Address, decodeErrorResult, type Hex, InsufficientFundsError, type PublicClient } from 'viem';
import { formatFee } from '../launch/deploy-fee.ts';
import { findCause } from '../launch/launch-error-message.ts';

/** One contract call to price: where it goes, its data, and the Ether it sends (a mint's price). */
export interface FeeCall {
  to: Address;
  data: Hex;
  value?: bigint;
}

/**
 * What these calls would cost `account` now in the chain's native currency (wei), as the deploy's estimate
 * works it out: each call's gas × the network's gas price, summed (calls the owner confirms one after the
 * other, such as a new price and then a new limit).
 */
export async function estimateCallsFee({
  publicClient,
  account,
  calls,
}: {
  publicClient: Pick<PublicClient, 'estimateGas' | 'getGasPrice'>;
  account: Address;
  calls: readonly FeeCall[];
}): Promise<bigint> {
  const [gasPrice, ...gas] = await Promise.all([
    publicClient.getGasPrice(),
    ...calls.map((call) => publicClient.estimateGas({ account, ...call })),
  ]);
  return gas.reduce((sum, each) => sum + each, 0n) * gasPrice;
}

const errorAbi = [...layerloomCollectionAbi, ...layerloomPaymentSplitterAbi].filter(
  (item) => item.type === 'error',
);

/** The revert data an RPC error carries (`0x` + a 4-byte selector and its arguments), wherever it is nested. */
function revertData(error: unknown): Hex | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const data = (current as { data?: unknown }).data;
    const hex = typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data;
    if (typeof hex === 'string' && /^0x[0-9a-fA-F]{8}/.test(hex)) return hex as Hex;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Why a fee could not be estimated, in words: the contract's own refusal when the call would fail (e.g. the
 * sale is not open, or there is nothing to pay out), a wallet that cannot pay, or that the network did not
 * answer.
 */
export function feeFailureMessage(error: unknown, currency: string): string {
  const data = revertData(error);
  if (data) {
    try {
      const { errorName, args } = decodeErrorResult({ abi: errorAbi, data });
      // SalePhaseNotActive(required, current): phase 0 is closed.
      const reason =
        errorName === 'SalePhaseNotActive' && args?.[1] === 0
          ? 'The sale is closed.'
          : new CollectionRevertedError({ reason: errorName as CollectionErrorName }).shortMessage;
      return `The network fee cannot be estimated: the transaction would fail. ${reason}`;
    } catch {
      // Not one of our contracts' errors: the general words below.
    }
  }
  if (findCause(error, (cause) => cause instanceof InsufficientFundsError)) {
    return `The network fee cannot be estimated: this wallet does not have enough ${currency} to pay for it.`;
  }
  return 'The network fee could not be estimated right now. Your wallet shows it before you confirm.';
}

/** "Network fee: about 0.0012 ETH" (or "less than 0.0001 ETH"), as the deploy's estimate words it. */
export function networkFeeLine(fee: bigint, currency: string): string {
  const amount = formatFee(fee, currency);
  return `Network fee: ${amount.startsWith('less than') ? amount : `about ${amount}`}`;
}

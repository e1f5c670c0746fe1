import {
  layerloomCollectionAbi,
  layerloomPaymentSplitterAbi,
  type SalePhase,
  type SaleSchedule,
  salePhases,
} from '@layerloom/contracts';
import { type Address, encodeFunctionData, type Hex, parseEther } from 'viem';
import { limitError, priceError } from './drop-format.ts';

// The calls the drop's cards send, encoded as `@layerloom/contracts` sends them, so that their network fee
// can be estimated before the wallet asks. Each returns null while the inputs are not valid yet.

/** `setSalePhase`: opens a sale or closes it now. */
export function phaseCallData(phase: SalePhase): Hex {
  return encodeFunctionData({
    abi: layerloomCollectionAbi,
    functionName: 'setSalePhase',
    args: [salePhases.indexOf(phase)],
  });
}

const seconds = (date: Date | null) => (date === null ? 0 : Math.floor(date.getTime() / 1000));

/** `setSaleSchedule`: the sales open by themselves at these times (both null: no schedule). */
export function scheduleCallData(schedule: SaleSchedule): Hex {
  return encodeFunctionData({
    abi: layerloomCollectionAbi,
    functionName: 'setSaleSchedule',
    args: [seconds(schedule.allowlistStart), seconds(schedule.publicStart)],
  });
}

/**
 * The public sale's save: `setMintPrice` if the price changed, then `setMaxPerWallet` if the limit did (an
 * empty list when nothing changed); null while a field is not valid.
 */
export function priceCallData(
  values: { price?: string | undefined; limit?: number | null | undefined },
  onChain: { mintPrice: bigint; maxPerWallet: number },
): Hex[] | null {
  const text = (values.price ?? '').trim();
  const limit = values.limit ?? 0;
  if (priceError(text) !== null || limitError(limit) !== null) return null;
  const price = parseEther(text);
  const calls: Hex[] = [];
  if (price !== onChain.mintPrice)
    calls.push(
      encodeFunctionData({ abi: layerloomCollectionAbi, functionName: 'setMintPrice', args: [price] }),
    );
  if (limit !== onChain.maxPerWallet)
    calls.push(
      encodeFunctionData({ abi: layerloomCollectionAbi, functionName: 'setMaxPerWallet', args: [limit] }),
    );
  return calls;
}

/** `setAllowlist` with the uploaded list's root, its price and limit; null while a field is not valid. */
export function allowlistCallData(
  merkleRoot: Hex,
  values: { price?: string | undefined; limit?: number | null | undefined },
): Hex | null {
  const text = (values.price ?? '').trim();
  const limit = values.limit ?? 0;
  if (priceError(text) !== null || limitError(limit) !== null) return null;
  return encodeFunctionData({
    abi: layerloomCollectionAbi,
    functionName: 'setAllowlist',
    args: [merkleRoot, parseEther(text), limit],
  });
}

/** `airdrop` to these wallets; null without any. */
export function airdropCallData(recipients: readonly { to: Address; quantity: number }[]): Hex | null {
  if (recipients.length === 0) return null;
  return encodeFunctionData({
    abi: layerloomCollectionAbi,
    functionName: 'airdrop',
    args: [
      recipients.map((recipient) => recipient.to),
      recipients.map((recipient) => BigInt(recipient.quantity)),
    ],
  });
}

/** `setProvenanceHash`. */
export function provenanceCallData(provenanceHash: Hex): Hex {
  return encodeFunctionData({
    abi: layerloomCollectionAbi,
    functionName: 'setProvenanceHash',
    args: [provenanceHash],
  });
}

/** `reveal` at the published base URI. */
export function revealCallData(baseURI: string): Hex {
  return encodeFunctionData({ abi: layerloomCollectionAbi, functionName: 'reveal', args: [baseURI] });
}

/** `withdraw`: all the sale's funds to the payout address. */
export function withdrawCallData(): Hex {
  return encodeFunctionData({ abi: layerloomCollectionAbi, functionName: 'withdraw' });
}

/** `release(payee)`: what a payee is owed, on the collection (sale proceeds) or on a royalty splitter. */
export function releaseCallData(payee: Address): Hex {
  return encodeFunctionData({ abi: layerloomPaymentSplitterAbi, functionName: 'release', args: [payee] });
}

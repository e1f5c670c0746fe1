import { layerloomCollectionAbi } from '@layerloom/contracts';
import { type Address, encodeFunctionData, type Hex } from 'viem';
import type { FeeCall } from '../drop/network-fee.ts';

/**
 * The collector's mint as `mint` / `allowlistMint` send it (the quantity, the allowlist allowance and proof,
 * and the price paid), so that its network fee can be estimated before the wallet asks.
 */
export function mintCall({
  address,
  quantity,
  value,
  allowlist,
}: {
  address: Address;
  quantity: number;
  value: bigint;
  allowlist?: { allowance: number; proof: readonly Hex[] } | undefined;
}): FeeCall {
  const data = allowlist
    ? encodeFunctionData({
        abi: layerloomCollectionAbi,
        functionName: 'allowlistMint',
        args: [BigInt(quantity), allowlist.allowance, allowlist.proof],
      })
    : encodeFunctionData({ abi: layerloomCollectionAbi, functionName: 'mint', args: [BigInt(quantity)] });
  return { to: address, data, value };
}

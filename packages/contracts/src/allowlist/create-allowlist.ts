import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { InvalidAllowlistError } from '../errors.ts';
import {
  ALLOWLIST_LEAF_ENCODING,
  type AllowlistLeaf,
  type AllowlistMember,
  type AllowlistTree,
  MAX_ALLOWANCE,
} from './types.ts';

export interface CreateAllowlistParameters {
  /** Wallet addresses allowed the contract's allowlist per-wallet limit (allowance 0). */
  addresses?: readonly string[];
  /**
   * Wallets with their own allowance: how many tokens each may mint in the allowlist sale in all,
   * whatever the per-wallet limit. An allowance of 0, null or none means the per-wallet limit.
   */
  entries?: readonly { address: string; allowance?: number | null }[];
}

export interface CreateAllowlistReturnType {
  /** Pass to `deployCollection` (`allowlist.merkleRoot`) or `setAllowlist`. */
  merkleRoot: Hex;
  /** The distinct addresses, checksummed, in input order (`addresses` first, then `entries`). */
  addresses: Address[];
  /** The distinct wallets with their allowance, same order. */
  members: AllowlistMember[];
  /** Keep this to build proofs with `getAllowlistProof`. */
  tree: AllowlistTree;
}

/**
 * Builds the allowlist Merkle tree whose `(address, allowance)` leaves the collection contract checks in
 * `allowlistMint`. Addresses may be in any letter case, with surrounding spaces; a wallet given twice is
 * kept once, at its first place, with the larger allowance (an explicit allowance wins over 0).
 */
export function createAllowlist(parameters: CreateAllowlistParameters): CreateAllowlistReturnType {
  const invalid: string[] = [];
  const allowances = new Map<Address, number>();
  const inputs = [
    ...(parameters.addresses ?? []).map((address) => ({ address, allowance: 0 })),
    ...(parameters.entries ?? []),
  ];
  for (const input of inputs) {
    const entry = input.address.trim();
    const allowance = input.allowance ?? 0;
    if (!isAddress(entry, { strict: false })) {
      invalid.push(input.address);
      continue;
    }
    if (!Number.isSafeInteger(allowance) || allowance < 0 || allowance > MAX_ALLOWANCE) {
      invalid.push(`${input.address},${allowance}`);
      continue;
    }
    const address = getAddress(entry.toLowerCase());
    allowances.set(address, Math.max(allowances.get(address) ?? 0, allowance));
  }
  if (invalid.length > 0) {
    throw new InvalidAllowlistError({
      message: `${invalid.length} allowlist ${invalid.length === 1 ? 'entry is' : 'entries are'} not an address with a whole allowance from 0 to ${MAX_ALLOWANCE}.`,
      invalidEntries: invalid,
    });
  }
  if (allowances.size === 0) throw new InvalidAllowlistError({ message: 'The allowlist is empty.' });
  const members = [...allowances].map(([address, allowance]) => ({ address, allowance }));
  const tree = StandardMerkleTree.of(
    members.map(({ address, allowance }): AllowlistLeaf => [address, String(allowance)]),
    [...ALLOWLIST_LEAF_ENCODING],
  );
  return {
    merkleRoot: tree.root as Hex,
    addresses: members.map((member) => member.address),
    members,
    tree: tree.dump(),
  };
}

import type { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import type { Address } from 'viem';

/**
 * A tree leaf: the wallet and its allowance as a decimal string (the tree's `uint256`); `'0'` means
 * "the allowlist per-wallet limit set on the contract".
 */
export type AllowlistLeaf = [Address, string];

/** The leaf encoding `allowlistMint` checks: OpenZeppelin StandardMerkleTree leaves of `(address, uint256)`. */
export const ALLOWLIST_LEAF_ENCODING = ['address', 'uint256'] as const;

/** A serialisable allowlist Merkle tree (OpenZeppelin `standard-v1` dump); store it to hand out proofs later. */
export type AllowlistTree = ReturnType<StandardMerkleTree<AllowlistLeaf>['dump']>;

/** One wallet of an allowlist and how many tokens it may mint in the allowlist sale. */
export interface AllowlistMember {
  address: Address;
  /** 0 = the contract's allowlist per-wallet limit (the list gave no quantity). */
  allowance: number;
}

/** Most tokens one allowance may hold: the contract keeps a wallet's allowlist count in 32 bits. */
export const MAX_ALLOWANCE = 0xffffffff;

/**
 * Whether a stored tree has the leaf format the current contract checks. Trees built before allowances
 * existed have `address`-only leaves: rebuild them from their wallets with `createAllowlist`.
 */
export function isCurrentAllowlistTree(tree: { leafEncoding: readonly string[] }): boolean {
  return (
    tree.leafEncoding.length === ALLOWLIST_LEAF_ENCODING.length &&
    tree.leafEncoding.every((encoding, index) => encoding === ALLOWLIST_LEAF_ENCODING[index])
  );
}

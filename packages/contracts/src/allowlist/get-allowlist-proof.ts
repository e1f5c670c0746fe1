import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { type Address, getAddress, type Hex } from 'viem';
import { InvalidAllowlistError, NotAllowlistedError } from '../errors.ts';
import { type AllowlistLeaf, type AllowlistTree, isCurrentAllowlistTree } from './types.ts';

export interface GetAllowlistProofParameters {
  /** The tree from `createAllowlist`. */
  tree: AllowlistTree;
  address: Address;
}

export interface GetAllowlistProofReturnType {
  /** The wallet's allowance in the tree (0 = the contract's allowlist per-wallet limit). */
  allowance: number;
  /** The Merkle proof of the wallet's `(address, allowance)` leaf. */
  proof: Hex[];
}

/**
 * What `allowlistMint` needs for `address`: its allowance and Merkle proof (spread them into its
 * parameters). Throws `NotAllowlistedError` if the wallet is not on the list.
 */
export function getAllowlistProof(parameters: GetAllowlistProofParameters): GetAllowlistProofReturnType {
  if (!isCurrentAllowlistTree(parameters.tree)) {
    throw new InvalidAllowlistError({
      message: 'This allowlist tree has address-only leaves; rebuild it with createAllowlist.',
    });
  }
  const address = getAddress(parameters.address);
  const tree = StandardMerkleTree.load<AllowlistLeaf>(parameters.tree);
  for (const [index, [member, allowance]] of tree.entries()) {
    if (getAddress(member) === address) {
      return { allowance: Number(allowance), proof: tree.getProof(index) as Hex[] };
    }
  }
  throw new NotAllowlistedError({ address });
}

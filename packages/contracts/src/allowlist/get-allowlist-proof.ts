import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { type Address, getAddress, type Hex } from 'viem';
import { NotAllowlistedError } from '../errors.ts';
import type { AllowlistTree } from './types.ts';

export interface GetAllowlistProofParameters {
  /** The tree from `createAllowlist`. */
  tree: AllowlistTree;
  address: Address;
}

export type GetAllowlistProofReturnType = Hex[];

/** The Merkle proof `allowlistMint` needs for `address`; throws `NotAllowlistedError` if it is not on the list. */
export function getAllowlistProof(parameters: GetAllowlistProofParameters): GetAllowlistProofReturnType {
  const address = getAddress(parameters.address);
  const tree = StandardMerkleTree.load(parameters.tree);
  for (const [index, [member]] of tree.entries()) {
    if (getAddress(member) === address) return tree.getProof(index) as Hex[];
  }
  throw new NotAllowlistedError({ address });
}

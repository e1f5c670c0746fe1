import type { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import type { Address } from 'viem';

/** A serialisable allowlist Merkle tree (OpenZeppelin `standard-v1` dump); store it to hand out proofs later. */
export type AllowlistTree = ReturnType<StandardMerkleTree<[Address]>['dump']>;

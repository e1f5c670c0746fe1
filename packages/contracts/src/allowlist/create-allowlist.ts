import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { InvalidAllowlistError } from '../errors.ts';
import type { AllowlistTree } from './types.ts';

export interface CreateAllowlistParameters {
  /** Wallet addresses, any letter case; surrounding spaces and duplicates are ignored. */
  addresses: readonly string[];
}

export interface CreateAllowlistReturnType {
  /** Pass to `deployCollection` (`allowlist.merkleRoot`) or `setAllowlist`. */
  merkleRoot: Hex;
  /** The distinct addresses, checksummed, in input order. */
  addresses: Address[];
  /** Keep this to build proofs with `getAllowlistProof`. */
  tree: AllowlistTree;
}

/** Builds the allowlist Merkle tree whose leaves the collection contract checks in `allowlistMint`. */
export function createAllowlist(parameters: CreateAllowlistParameters): CreateAllowlistReturnType {
  const invalid: string[] = [];
  const unique = new Set<Address>();
  for (const raw of parameters.addresses) {
    const entry = raw.trim();
    if (!isAddress(entry, { strict: false })) {
      invalid.push(raw);
      continue;
    }
    unique.add(getAddress(entry));
  }
  if (invalid.length > 0) {
    throw new InvalidAllowlistError({
      message: `${invalid.length} allowlist ${invalid.length === 1 ? 'entry is' : 'entries are'} not an address.`,
      invalidEntries: invalid,
    });
  }
  if (unique.size === 0) throw new InvalidAllowlistError({ message: 'The allowlist is empty.' });
  const addresses = [...unique.values()];
  const tree = StandardMerkleTree.of(
    addresses.map((address): [Address] => [address]),
    ['address'],
  );
  return { merkleRoot: tree.root as Hex, addresses, tree: tree.dump() };
}

import type { Allowlist, AllowlistEntry, AllowlistProof } from '@layerloom/api';
import { type AllowlistLeaf, createAllowlist, isCurrentAllowlistTree } from '@layerloom/contracts';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { getAddress } from 'viem';
import type { AllowlistTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { publishedBySlug } from '../publications/publications.service.ts';
import { findAllowlist, findAllowlistVersion, saveAllowlist } from './allowlists.repository.ts';
import { MAX_ALLOWLIST_ENTRIES, parseAllowlistCsv } from './parse-allowlist-csv.ts';

function allowlistView(row: AllowlistTable): Allowlist {
  const entries = JSON.parse(row.entries) as AllowlistEntry[];
  return { merkleRoot: row.merkle_root, count: entries.length, entries, updatedAt: row.updated_at };
}

/** The stored row of a list: its wallets, with their CSV quantities, as a tree the contract checks. */
function buildRow(
  collectionId: string,
  ownerId: string,
  entries: readonly AllowlistEntry[],
  updatedAt = new Date().toISOString(),
): AllowlistTable {
  const { merkleRoot, tree } = createAllowlist({
    entries: entries.map((entry) => ({ address: entry.address, allowance: entry.quantity })),
  });
  return {
    collection_id: collectionId,
    owner_id: ownerId,
    merkle_root: merkleRoot,
    entries: JSON.stringify(entries),
    tree: JSON.stringify(tree),
    updated_at: updatedAt,
  };
}

/**
 * A list stored before per-wallet allowances (address-only leaves) is rebuilt from its stored wallets and
 * quantities into `(address, allowance)` leaves, and stored again under a new version: its root changes,
 * so the owner's card shows it is not the one on chain until the owner sets it (a contract keeps the root
 * it was given). Lists in the current format are returned as they are.
 */
async function current(app: App, row: AllowlistTable): Promise<AllowlistTable> {
  if (isCurrentAllowlistTree(JSON.parse(row.tree) as { leafEncoding: string[] })) return row;
  const entries = JSON.parse(row.entries) as AllowlistEntry[];
  const rebuilt = buildRow(row.collection_id, row.owner_id, entries);
  await saveAllowlist(app.database.db, rebuilt);
  loaded.delete(row.collection_id);
  app.log.info({ collectionId: row.collection_id }, 'allowlist rebuilt with per-wallet allowances');
  return rebuilt;
}

/** The owner's collection's allowlist, or null before one is uploaded. */
export async function getAllowlist(app: App, ownerId: string, collectionId: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const row = await findAllowlist(app.database.db, collection.id);
  return row ? allowlistView(await current(app, row)) : null;
}

/** Most malformed lines named in one answer. */
const MAX_PROBLEMS_SHOWN = 50;

/** Replaces the collection's allowlist from a CSV; any malformed line refuses the whole file, naming each. */
export async function setAllowlist(app: App, ownerId: string, collectionId: string, csv: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const parsed = parseAllowlistCsv(csv);
  if (parsed.problems.length > 0) {
    const [first] = parsed.problems;
    const count = parsed.problems.length;
    throw new AppError(
      'VALIDATION_FAILED',
      `${count === 1 ? 'One line is' : `${count} lines are`} not valid: line ${first!.line}: ${first!.message}`,
      {
        fields: parsed.problems.slice(0, MAX_PROBLEMS_SHOWN).map((problem) => ({
          path: `csv.${problem.line}`,
          message: `Line ${problem.line}: ${problem.message}`,
        })),
      },
    );
  }
  if (parsed.entries.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'The allowlist is empty: put one wallet address per line', {
      fields: [{ path: 'csv', message: 'No address' }],
    });
  }
  if (parsed.entries.length > MAX_ALLOWLIST_ENTRIES) {
    const message = `An allowlist holds at most ${MAX_ALLOWLIST_ENTRIES.toLocaleString('en-US')} wallets; this one has ${parsed.entries.length.toLocaleString('en-US')}`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'csv', message }] });
  }
  const row = buildRow(collection.id, ownerId, parsed.entries);
  await saveAllowlist(app.database.db, row);
  // This process serves the new list at once; others within VERSION_CHECK_MS.
  loaded.delete(collection.id);
  return allowlistView(row);
}

interface LoadedAllowlist {
  updatedAt: string;
  merkleRoot: string;
  tree: StandardMerkleTree<AllowlistLeaf>;
  /** Tree index and the leaf's allowance (0 = the phase limit) by checksummed address. */
  members: Map<string, { index: number; allowance: number }>;
  /** Proofs already built, by member index: a collector's page asks for its proof again and again. */
  proofs: Map<number, string[]>;
  /** When the list's version was last read from the database. */
  checkedAt: number;
}

/** Loaded trees by collection, kept while their list is unchanged: a proof is then a lookup, not a rebuild. */
const loaded = new Map<string, LoadedAllowlist>();

function load(row: AllowlistTable): LoadedAllowlist {
  const tree = StandardMerkleTree.load<AllowlistLeaf>(JSON.parse(row.tree));
  const members = new Map<string, { index: number; allowance: number }>();
  for (const [index, [member, allowance]] of tree.entries()) {
    members.set(getAddress(member), { index, allowance: Number(allowance) });
  }
  const entry = {
    updatedAt: row.updated_at,
    merkleRoot: row.merkle_root,
    tree,
    members,
    proofs: new Map<number, string[]>(),
    checkedAt: Date.now(),
  };
  loaded.set(row.collection_id, entry);
  if (loaded.size > 200) loaded.delete(loaded.keys().next().value as string);
  return entry;
}

/** How long a loaded list is used before its version is read again (a new upload shows within this). */
const VERSION_CHECK_MS = 2_000;

/**
 * The collection's allowlist as a loaded tree, or undefined without one. A drop's collectors ask
 * thousands of times a second: the list's version is read at most every 2 s, the list itself when it
 * changed.
 */
async function loadedAllowlist(app: App, collectionId: string): Promise<LoadedAllowlist | undefined> {
  const cached = loaded.get(collectionId);
  if (cached && Date.now() - cached.checkedAt < VERSION_CHECK_MS) return cached;
  const version = await findAllowlistVersion(app.database.db, collectionId);
  if (version === undefined) return undefined;
  if (cached?.updatedAt === version) {
    cached.checkedAt = Date.now();
    return cached;
  }
  const row = await findAllowlist(app.database.db, collectionId);
  return row ? load(await current(app, row)) : undefined;
}

/** A member's proof, built once per list version. */
function proofOf(list: LoadedAllowlist, index: number): string[] {
  let proof = list.proofs.get(index);
  if (!proof) {
    proof = list.tree.getProof(index);
    list.proofs.set(index, proof);
  }
  return proof;
}

/**
 * Whether a wallet is on a published drop's allowlist, with its allowance and the proof of its
 * `(address, allowance)` leaf; a 404 for an unknown drop.
 */
export async function allowlistProof(app: App, slug: string, address: string): Promise<AllowlistProof> {
  const published = await publishedBySlug(app, slug);
  if (!published) throw notFound('Drop');
  const wallet = getAddress(address.toLowerCase());
  const list = await loadedAllowlist(app, published.collection_id);
  if (!list)
    return { address: wallet, listed: false, proof: [], quantity: null, allowance: 0, merkleRoot: null };
  const member = list.members.get(wallet);
  return {
    address: wallet,
    listed: member !== undefined,
    proof: member ? proofOf(list, member.index) : [],
    quantity: member && member.allowance > 0 ? member.allowance : null,
    allowance: member?.allowance ?? 0,
    merkleRoot: list.merkleRoot,
  };
}

import { randomUUID } from 'node:crypto';
import type { CollectionMetadata, MetadataEdit, MetadataSettings } from '@layerloom/api';
import {
  namePatternProblem,
  parseCollectionSpec,
  renderTokenName,
  resolveCollection,
} from '@layerloom/engine';
import type { CollectionMetadataEditTable, CollectionTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { FROZEN_REASON, metadataFrozen } from '../marketplace/marketplace.service.ts';
import { assertIdle, changeStatus, collectionSpec, runAsCollectionJob } from './amendments.service.ts';
import { artHistory } from './art-edits.service.ts';
import { getOwnedCollection } from './collections.service.ts';
import {
  deleteMetadataEdit,
  insertMetadataEdit,
  listMetadataEdits,
  setMetadataEditJob,
} from './metadata-edits.repository.ts';

export const EDIT_METADATA_JOB = 'edit-collection-metadata';

/** What a collection's metadata holds before any edit. */
export const NO_EDITS: MetadataSettings = {
  namePattern: null,
  description: null,
  externalUrl: null,
  backgroundColor: null,
  attributes: [],
  tokenAttributes: [],
  renames: [],
};

/** A save as stored (saves from before per-token attributes have none). */
export function storedSettings(json: string): MetadataSettings {
  return { ...NO_EDITS, ...(JSON.parse(json) as Partial<MetadataSettings>) };
}

/** Token names as generation writes them. */
const DEFAULT_NAME_PATTERN = '{collection} #{edition}';

/** Metaplex's on-chain limit on a token's name, in bytes. */
const METAPLEX_NAME_BYTES = 32;

/** The edits the collection's files hold (the newest save), or none. */
export async function currentEdits(app: App, collectionId: string): Promise<MetadataSettings | undefined> {
  const rows = await listMetadataEdits(app.database.db, collectionId);
  const latest = rows.at(-1);
  return latest ? storedSettings(latest.settings) : undefined;
}

/** The collection's trait values per type, as generated: what renames refer to. */
function collectionTraits(app: App, collection: CollectionTable) {
  const resolved = resolveCollection(parseCollectionSpec(collectionSpec(app, collection)));
  return resolved.layers.map((layer) => ({
    traitType: layer.traitType,
    values: [...new Set(layer.traits.map((trait) => String(trait.value)))],
  }));
}

function badField(path: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path, message }] });
}

/**
 * 400 for edits that do not fit this collection: an unusable name pattern, unknown or merging renames,
 * clashing attributes, a token attribute on a token the collection lacks.
 */
function assertValid(
  settings: MetadataSettings,
  traits: ReturnType<typeof collectionTraits>,
  size: number,
): void {
  if (settings.namePattern !== null) {
    const problem = namePatternProblem(settings.namePattern);
    if (problem) throw badField('namePattern', `${problem}.`);
  }
  const seen = new Set<string>();
  for (const [index, rename] of settings.renames.entries()) {
    const type = traits.find((entry) => entry.traitType === rename.traitType);
    if (!type?.values.includes(rename.from)) {
      throw badField(
        `renames.${index}`,
        `This collection has no trait "${rename.traitType}: ${rename.from}".`,
      );
    }
    const key = `${rename.traitType}\u0000${rename.from}`;
    if (seen.has(key))
      throw badField(`renames.${index}`, `"${rename.traitType}: ${rename.from}" is renamed twice.`);
    seen.add(key);
    if (rename.to !== rename.from && type.values.includes(rename.to)) {
      throw badField(
        `renames.${index}`,
        `"${rename.traitType}" already has a trait named "${rename.to}": renaming "${rename.from}" to it would merge the two.`,
      );
    }
  }
  const names = new Set<string>();
  for (const [index, attribute] of settings.attributes.entries()) {
    if (traits.some((entry) => entry.traitType === attribute.trait_type)) {
      throw badField(
        `attributes.${index}`,
        `"${attribute.trait_type}" is a layer of this collection; name the attribute differently.`,
      );
    }
    if (names.has(attribute.trait_type))
      throw badField(`attributes.${index}`, `"${attribute.trait_type}" is added twice.`);
    names.add(attribute.trait_type);
  }
  const tokenNames = new Set<string>();
  for (const [index, attribute] of settings.tokenAttributes.entries()) {
    const path = `tokenAttributes.${index}`;
    if (attribute.edition > size)
      throw badField(path, `Token #${attribute.edition} is not in this collection (#1 to #${size}).`);
    if (traits.some((entry) => entry.traitType === attribute.trait_type)) {
      throw badField(
        path,
        `"${attribute.trait_type}" is a layer of this collection; name the attribute of token #${attribute.edition} differently.`,
      );
    }
    if (names.has(attribute.trait_type)) {
      throw badField(
        path,
        `"${attribute.trait_type}" is already on every token; name the attribute of token #${attribute.edition} differently.`,
      );
    }
    const key = `${attribute.edition}\u0000${attribute.trait_type}`;
    if (tokenNames.has(key))
      throw badField(path, `Token #${attribute.edition} has "${attribute.trait_type}" twice.`);
    tokenNames.add(key);
  }
}

/** Where the settings do not fit Metaplex (Solana) metadata; OpenSea takes them as they are. */
function formatWarnings(settings: MetadataSettings, collection: CollectionTable): string[] {
  const longest = renderTokenName(
    settings.namePattern ?? DEFAULT_NAME_PATTERN,
    collection.name,
    collection.size,
  );
  const bytes = new TextEncoder().encode(longest).length;
  return bytes > METAPLEX_NAME_BYTES
    ? [
        `Metaplex (Solana) keeps token names up to ${METAPLEX_NAME_BYTES} bytes; “${longest}” is ${bytes}. OpenSea (Ethereum) shows it in full.`,
      ]
    : [];
}

const quoted = (value: string | null) => (value === null ? 'none' : `“${value}”`);

/** What a save changes, in words, for the history. */
function describeChanges(before: MetadataSettings, after: MetadataSettings): string[] {
  const changes: string[] = [];
  if (before.namePattern !== after.namePattern) {
    changes.push(
      `Name pattern ${quoted(before.namePattern ?? DEFAULT_NAME_PATTERN)} → ${quoted(after.namePattern ?? DEFAULT_NAME_PATTERN)}`,
    );
  }
  if (before.description !== after.description)
    changes.push(after.description === null ? 'Description reset' : 'Description changed');
  if (before.externalUrl !== after.externalUrl)
    changes.push(`External URL ${quoted(before.externalUrl)} → ${quoted(after.externalUrl)}`);
  if (before.backgroundColor !== after.backgroundColor) {
    const colour = (value: string | null) => (value === null ? 'none' : `#${value}`);
    changes.push(`Background colour ${colour(before.backgroundColor)} → ${colour(after.backgroundColor)}`);
  }
  const attribute = (entry: MetadataSettings['attributes'][number]) => `${entry.trait_type}: ${entry.value}`;
  const beforeAttributes = new Set(before.attributes.map(attribute));
  const afterAttributes = new Set(after.attributes.map(attribute));
  for (const entry of afterAttributes)
    if (!beforeAttributes.has(entry)) changes.push(`Attribute added: ${entry}`);
  for (const entry of beforeAttributes)
    if (!afterAttributes.has(entry)) changes.push(`Attribute removed: ${entry}`);
  const tokenAttribute = (entry: MetadataSettings['tokenAttributes'][number]) =>
    `#${entry.edition} ${entry.trait_type}: ${entry.value}`;
  const beforeOwn = new Set(before.tokenAttributes.map(tokenAttribute));
  const afterOwn = new Set(after.tokenAttributes.map(tokenAttribute));
  for (const entry of afterOwn) if (!beforeOwn.has(entry)) changes.push(`Token attribute added: ${entry}`);
  for (const entry of beforeOwn) if (!afterOwn.has(entry)) changes.push(`Token attribute removed: ${entry}`);
  const rename = (entry: MetadataSettings['renames'][number]) =>
    `${entry.traitType}: ${entry.from} → ${entry.to}`;
  const beforeRenames = new Set(before.renames.map(rename));
  const afterRenames = new Set(after.renames.map(rename));
  for (const entry of afterRenames) if (!beforeRenames.has(entry)) changes.push(`Trait renamed ${entry}`);
  for (const entry of beforeRenames) if (!afterRenames.has(entry)) changes.push(`Rename undone ${entry}`);
  return changes;
}

/** The metadata saves and art versions together, newest first. */
async function historyView(rows: CollectionMetadataEditTable[], app: App, collectionId: string) {
  const saves: MetadataEdit[] = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      kind: 'metadata' as const,
      createdBy: row.created_by,
      createdAt: row.created_at,
      changes: JSON.parse(row.changes) as string[],
      status: changeStatus(await app.jobs.progress(row.job_id)),
    })),
  );
  const art = await artHistory(app, collectionId);
  return [...saves, ...art].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  );
}

async function metadataView(app: App, collection: CollectionTable): Promise<CollectionMetadata> {
  const rows = await listMetadataEdits(app.database.db, collection.id);
  const settings = rows.length > 0 ? storedSettings(rows.at(-1)!.settings) : NO_EDITS;
  return {
    settings,
    traits: collectionTraits(app, collection),
    defaultNamePattern: DEFAULT_NAME_PATTERN,
    warnings: formatWarnings(settings, collection),
    history: await historyView(rows, app, collection.id),
  };
}

/** The collection's metadata edits, its traits (for renames), format warnings and the history. */
export async function getCollectionMetadata(
  app: App,
  ownerId: string,
  id: string,
): Promise<CollectionMetadata> {
  return metadataView(app, await getOwnedCollection(app, ownerId, id));
}

/**
 * Saves the metadata edits and queues the job that rewrites every token's metadata with them (the
 * collection's job meanwhile). 409 while a job runs or once the contract's metadata is frozen on chain,
 * 400 for edits that do not fit (nothing recorded), and 400 when nothing changed.
 *
 * Names, descriptions and trait values stay editable after publication: the provenance hash covers the
 * images only, which an edit leaves as they are. Each save is a new metadata version (its history entry is
 * what marketplaces have not been told yet); hosted metadata serves it at once, before or after the reveal
 * (before it, the files are withheld anyway, so the edit simply applies), and an IPFS publication pins it
 * when published again.
 */
export async function saveCollectionMetadata(
  app: App,
  user: { id: string; email: string },
  id: string,
  settings: MetadataSettings,
): Promise<{ collection: CollectionTable; metadata: CollectionMetadata }> {
  const collection = await getOwnedCollection(app, user.id, id);
  await assertIdle(app, collection);
  if (await metadataFrozen(app, user.id, collection)) throw new AppError('CONFLICT', FROZEN_REASON);
  const traits = collectionTraits(app, collection);
  assertValid(settings, traits, collection.size);
  const changes = describeChanges((await currentEdits(app, collection.id)) ?? NO_EDITS, settings);
  if (changes.length === 0)
    throw new AppError('BAD_REQUEST', 'Nothing changed: the metadata already reads like this.');
  const row: CollectionMetadataEditTable = {
    id: randomUUID(),
    collection_id: collection.id,
    settings: JSON.stringify(settings),
    changes: JSON.stringify(changes),
    job_id: '',
    created_by: user.email,
    created_at: new Date().toISOString(),
  };
  row.job_id = await runAsCollectionJob(app, collection, user.id, row.id, {
    record: () => insertMetadataEdit(app.database.db, row),
    recorded: (jobId) => setMetadataEditJob(app.database.db, row.id, jobId),
    forget: () => deleteMetadataEdit(app.database.db, row.id),
    kind: EDIT_METADATA_JOB,
    payload: { collectionId: collection.id, editId: row.id },
  });
  const changed = { ...collection, job_id: row.job_id };
  return { collection: changed, metadata: await metadataView(app, changed) };
}

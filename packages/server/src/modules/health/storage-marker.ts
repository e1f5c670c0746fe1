import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProcessRole } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.ts';

/** The blob every web node writes at start, so a worker can prove it reads the same store. */
export const STORAGE_MARKER_KEY = 'system/marker.json';
const SETTING = 'storage_marker';

/** The blob store is not the one this installation's database belongs to: the process must not run. */
export class StorageMarkerError extends Error {
  override name = 'StorageMarkerError';
}

export interface StorageMarkerParameters {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Where the store is, for the operator's message (the blob folder's path or the bucket's address). */
  location: string;
  now?: () => Date;
}

async function storedId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', SETTING)
    .executeTakeFirst();
  return row?.value;
}

/** What an operator sets so that every process uses the same store. */
function sharedSettings(blobs: BlobStore): string {
  return blobs.kind === 's3'
    ? 'give workers the same S3_BUCKET, S3_PREFIX, S3_ENDPOINT and keys as the web nodes'
    : 'give workers the same DATA_DIR, a folder shared with the web nodes';
}

/** The marker's id, with a store that cannot be read at all (wrong keys, no such bucket, no network) as a refusal. */
async function readMarkerOrRefuse(
  blobs: BlobStore,
  location: string,
  refusal: string,
): Promise<string | undefined> {
  try {
    return await readMarkerId(blobs);
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new StorageMarkerError(
      `${refusal}: the blob store ${location} cannot be read (${reason}); ${sharedSettings(blobs)}`,
      { cause: error },
    );
  }
}

/** The id in the store's marker, or undefined when there is none. */
export async function readMarkerId(blobs: BlobStore): Promise<string | undefined> {
  try {
    const marker = JSON.parse((await blobs.getBuffer(STORAGE_MARKER_KEY)).toString()) as { id?: unknown };
    return typeof marker.id === 'string' ? marker.id : '';
  } catch (error) {
    if (error instanceof BlobNotFoundError) return undefined;
    if (error instanceof SyntaxError) return '';
    throw error;
  }
}

/**
 * A web node's start: the database names the installation's marker id (made on the first start) and
 * the blob store must hold it. A store without a marker gets one (first start, or a store set up
 * anew); a store holding another installation's marker is refused.
 */
export async function writeStorageMarker({
  db,
  blobs,
  location,
  now = () => new Date(),
}: StorageMarkerParameters) {
  let id = await storedId(db);
  if (id === undefined) {
    // Web nodes starting together race here: the first insert wins and every node writes its id.
    await db
      .insertInto('system_settings')
      .values({ key: SETTING, value: randomUUID(), updated_at: now().toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    id = (await storedId(db)) as string;
  }
  const found = await readMarkerOrRefuse(blobs, location, 'Refusing to start');
  if (found !== undefined && found !== id) {
    throw new StorageMarkerError(
      `Refusing to start: the blob ${blobs.kind === 's3' ? 'store' : 'folder'} ${location} belongs to another Layerloom database (its ${STORAGE_MARKER_KEY} holds ${found || 'no id'}, this database expects ${id}); check ${blobs.kind === 's3' ? 'S3_BUCKET, S3_PREFIX' : 'DATA_DIR'} and DATABASE_URL`,
    );
  }
  if (found === undefined) {
    await blobs.put(
      STORAGE_MARKER_KEY,
      Buffer.from(`${JSON.stringify({ id, writtenAt: now().toISOString() })}\n`),
    );
  }
  return { id };
}

/**
 * A worker's start: it takes jobs only when it reads the marker web nodes wrote, with the id the
 * shared database holds; otherwise every job would fail on files it cannot see.
 */
export async function verifyStorageMarker({ db, blobs, location }: StorageMarkerParameters) {
  const id = await storedId(db);
  if (id === undefined) {
    throw new StorageMarkerError(
      'Refusing to take jobs: no web node has started on this database yet (it writes the blob store marker workers check); start a web node first',
    );
  }
  const found = await readMarkerOrRefuse(blobs, location, 'Refusing to take jobs');
  if (found !== id) {
    throw new StorageMarkerError(
      `Refusing to take jobs: this worker cannot read what web nodes write (${location}/${STORAGE_MARKER_KEY} ${found === undefined ? 'is missing' : "holds another installation's id"}); ${sharedSettings(blobs)}`,
    );
  }
  return { id };
}

/** Checks the blob store the way this process needs it at start: web nodes write the marker, workers verify it. */
export function checkStorageMarker(role: ProcessRole, parameters: StorageMarkerParameters) {
  return role === 'worker' ? verifyStorageMarker(parameters) : writeStorageMarker(parameters);
}

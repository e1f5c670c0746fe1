import { Readable } from 'node:stream';
import { CarWriter } from '@ipld/car';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { AppError } from '../../lib/app-error.ts';
import { outboundDispatcher } from '../../lib/outbound-guard.ts';
import type { App } from '../../types.ts';
import { importCar, sameCid } from '../publications/ipfs-kubo-client.ts';
import { pinningCredentials } from '../publications/pinning-provider.service.ts';

/** Largest listing JSON kept as one raw block (gateways serve a raw block of this size as it is). */
const MAX_RAW_BYTES = 1024 * 1024;

/** The CID of a file kept as one raw block (CIDv1, sha2-256), and the CAR that holds it. */
export async function rawFileCar(bytes: Uint8Array): Promise<{ cid: string; car: Buffer }> {
  if (bytes.length > MAX_RAW_BYTES)
    throw new AppError('BAD_REQUEST', 'The listing is too large to put on IPFS.');
  const cid = CID.createV1(raw.code, await sha256.digest(bytes));
  const { writer, out } = CarWriter.create([cid]);
  const chunks: Uint8Array[] = [];
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk);
  })();
  await writer.put({ cid, bytes });
  await writer.close();
  await collected;
  return { cid: cid.toString(), car: Buffer.concat(chunks) };
}

/**
 * Pins a listing's JSON at the collection's workspace's pinning provider and answers its CID (`ipfs://<cid>` is then what the
 * contract's `contractURI` may return). 409 without a provider; the provider's refusals say what to do.
 */
export async function pinListingJson(
  app: App,
  workspaceId: string,
  json: Record<string, unknown>,
): Promise<string> {
  const credentials = await pinningCredentials(app, workspaceId);
  const { cid, car } = await rawFileCar(new TextEncoder().encode(`${JSON.stringify(json, null, 2)}\n`));
  const roots = await importCar({
    ...credentials,
    car: Readable.from([car]),
    label: 'listing',
    idleTimeoutMs: app.config.ipfsTimeoutMs,
    dispatcher: outboundDispatcher(app.config.allowPrivateUrls),
  });
  if (!roots.some((root) => sameCid(root, cid))) {
    throw new AppError(
      'CONFLICT',
      `The pinning provider reported the listing as ${roots[0] ?? 'nothing'} instead of ${cid}. Try again, or check the provider.`,
    );
  }
  return cid;
}

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { CarReader } from '@ipld/car';
import { CID } from 'multiformats/cid';

/** How the stand-in answers the next uploads: as a provider would, or with one of the failures users meet. */
export type KuboStandInMode = 'ok' | 'unauthorized' | 'error' | 'wrong-root' | 'pin-error' | 'hang';

/** One CAR the stand-in received, parsed and checked block by block. */
export interface ReceivedCar {
  roots: string[];
  blocks: number;
  bytes: number;
  authorization: string | undefined;
}

/**
 * A local stand-in for a pinning provider's Kubo RPC API (`POST /api/v0/dag/import?pin-roots=true`),
 * on loopback: it parses each uploaded CAR for real (every block's SHA-256 checked against its CID),
 * "pins" its roots and answers as Kubo does, one `{"Root":{"Cid":{"/":…},"PinErrorMsg":""}}` line per
 * root. `mode` makes it fail the way real providers do.
 */
export interface KuboStandIn {
  /** The endpoint a creator types (`http://127.0.0.1:PORT`). */
  url: string;
  /** The access token it accepts (as `Bearer <token>`). */
  token: string;
  mode: KuboStandInMode;
  received: ReceivedCar[];
  /** Root CIDs pinned (CIDv1 strings). */
  pinned: Set<string>;
  close(): Promise<void>;
}

/** A CID no collection has (the empty raw block's), to report as a wrong root. */
const WRONG_ROOT = 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku';

/** Checks every block of a CAR against its CID; throws on the first that does not match. */
export async function verifiedCar(bytes: Uint8Array): Promise<{ roots: string[]; blocks: number }> {
  const reader = await CarReader.fromBytes(bytes);
  let blocks = 0;
  for await (const block of reader.blocks()) {
    if (block.cid.multihash.code !== 0x12) throw new Error(`unexpected hash in ${block.cid}`);
    const digest = createHash('sha256').update(block.bytes).digest();
    if (!digest.equals(Buffer.from(block.cid.multihash.digest)))
      throw new Error(`block ${block.cid} is corrupt`);
    blocks++;
  }
  return { roots: (await reader.getRoots()).map((root) => root.toString()), blocks };
}

function answer(response: ServerResponse, status: number, body: string, type = 'application/json'): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

/** Starts the stand-in on a free loopback port. */
export async function startKuboStandIn(options: { token?: string } = {}): Promise<KuboStandIn> {
  const hanging = new Set<ServerResponse>();
  const standIn: KuboStandIn = {
    url: '',
    token: options.token ?? 'kubo-test-token-1234',
    mode: 'ok',
    received: [],
    pinned: new Set(),
    close: async () => undefined,
  };

  async function dagImport(request: IncomingMessage, response: ServerResponse) {
    if (standIn.mode === 'unauthorized' || request.headers.authorization !== `Bearer ${standIn.token}`) {
      request.resume();
      return answer(response, 401, 'basic auth header is invalid\n', 'text/plain');
    }
    if (standIn.mode === 'hang') {
      request.resume();
      hanging.add(response);
      return;
    }
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Readable.toWeb(request) as ReadableStream,
      duplex: 'half',
    } as RequestInit).formData();
    const file = form.get('file');
    if (!(file instanceof Blob)) {
      return answer(
        response,
        400,
        JSON.stringify({ Message: 'file argument required', Code: 1, Type: 'error' }),
      );
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let car: { roots: string[]; blocks: number };
    try {
      car = await verifiedCar(bytes);
    } catch (error) {
      return answer(response, 400, JSON.stringify({ Message: String(error), Code: 1, Type: 'error' }));
    }
    standIn.received.push({ ...car, bytes: bytes.length, authorization: request.headers.authorization });
    if (standIn.mode === 'error') {
      return answer(response, 500, JSON.stringify({ Message: 'blockstore is full', Code: 0, Type: 'error' }));
    }
    const lines = car.roots.map((root) => {
      const reported = standIn.mode === 'wrong-root' ? WRONG_ROOT : root;
      const pinError = standIn.mode === 'pin-error' ? 'pinning is paused' : '';
      if (!pinError) standIn.pinned.add(CID.parse(reported).toV1().toString());
      return JSON.stringify({ Root: { Cid: { '/': reported }, PinErrorMsg: pinError } });
    });
    answer(response, 200, `${lines.join('\n')}\n`);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'POST' && url.pathname === '/api/v0/dag/import') {
      dagImport(request, response).catch((error: unknown) =>
        answer(response, 500, String(error), 'text/plain'),
      );
      return;
    }
    request.resume();
    answer(response, 404, '404 page not found\n', 'text/plain');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}

import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CID } from 'multiformats/cid';
import { type Dispatcher, fetch as undiciFetch } from 'undici';
import { AppError } from '../../lib/app-error.ts';
import { isPrivateAddressError } from '../../lib/outbound-guard.ts';

/** What a CAR upload needs: where, as whom, the CAR itself and when to give up. */
export interface ImportCarParameters {
  /** The provider's RPC endpoint (`https://rpc.filebase.io`, `http://127.0.0.1:5001`). */
  endpoint: string;
  token: string;
  car: Readable;
  /** Which CAR this is, in messages ("images", "metadata"). */
  label: string;
  /** Gives up when the provider neither takes bytes nor answers for this long. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
  /** Called with the bytes of the CAR sent so far. */
  onProgress?(sent: number): void;
  /** Connects through this dispatcher (one that refuses private addresses), or undici's default. */
  dispatcher?: Dispatcher | undefined;
}

/** The Kubo RPC call every provider here speaks: `POST /api/v0/dag/import?pin-roots=true`, the CAR as a multipart file. */
export function dagImportUrl(endpoint: string): string {
  const base = endpoint
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v0$/, '');
  return `${base}/api/v0/dag/import?pin-roots=true`;
}

/**
 * The Authorization header for a token: sent as it is when it already names its scheme, `user:secret`
 * (Infura-style project id and secret) as Basic, anything else as a Bearer token (Filebase, a Kubo node).
 */
export function authorizationFor(token: string): string {
  const trimmed = token.trim();
  if (/^(Bearer|Basic) \S/i.test(trimmed)) return trimmed;
  if (trimmed.includes(':')) return `Basic ${Buffer.from(trimmed).toString('base64')}`;
  return `Bearer ${trimmed}`;
}

/** The host a message names (never the path or the query, which may carry secrets). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'the provider';
  }
}

/** Network failures as the creator can act on them. */
function unreachable(endpoint: string, error: unknown): AppError {
  if (isPrivateAddressError(error)) {
    return new AppError(
      'BAD_REQUEST',
      `The pinning provider at ${hostOf(endpoint)} is on a private or local network, which this server does not connect to. Use the provider's public address.`,
      { cause: error },
    );
  }
  const code = String((error as { cause?: { code?: unknown } })?.cause?.code ?? '');
  const why =
    code === 'ECONNREFUSED'
      ? 'the connection was refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'no such host'
        : code.startsWith('ERR_TLS') || code.includes('CERT')
          ? 'its TLS certificate was refused'
          : 'the connection failed';
  return new AppError(
    'UNAVAILABLE',
    `Could not reach the pinning provider at ${hostOf(endpoint)} (${why}). Check its address, then try again.`,
    { cause: error },
  );
}

/** The provider's own words from an error body (Kubo answers `{"Message": …}`), kept short. */
function providerMessage(text: string): string {
  let message = text;
  try {
    const parsed = JSON.parse(text) as { Message?: unknown; message?: unknown; error?: unknown };
    const candidate = parsed.Message ?? parsed.message ?? parsed.error;
    if (typeof candidate === 'string') message = candidate;
  } catch {
    // Not JSON: the text itself.
  }
  const line = message.replace(/\s+/g, ' ').trim().slice(0, 160);
  return line ? `: ${line}` : '';
}

/**
 * Uploads one CAR through the Kubo RPC API and answers the root CIDs the provider imported and pinned.
 * The CAR is streamed (never held in memory); every failure becomes an AppError whose message says what
 * to do (bad token, unreachable, silent provider, refused upload, pin failure).
 */
export async function importCar(parameters: ImportCarParameters): Promise<string[]> {
  const { endpoint, car, label, idleTimeoutMs } = parameters;
  const boundary = `----layerloom-${randomBytes(12).toString('hex')}`;
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('idle timeout'));
    }, idleTimeoutMs);
  };
  // Stopped before it began (a shutdown while the CAR files were being made): send nothing.
  parameters.signal?.throwIfAborted();
  const onAbort = () => controller.abort(parameters.signal?.reason);
  parameters.signal?.addEventListener('abort', onAbort, { once: true });

  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${label}.car"\r\n` +
        'Content-Type: application/vnd.ipld.car\r\n\r\n',
    );
    let sent = 0;
    for await (const chunk of car) {
      touch();
      sent += (chunk as Buffer).length;
      parameters.onProgress?.(sent);
      yield chunk as Buffer;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
    touch();
  }

  touch();
  let response: Response;
  let text: string;
  try {
    response = (await undiciFetch(dagImportUrl(endpoint), {
      ...(parameters.dispatcher ? { dispatcher: parameters.dispatcher } : {}),
      method: 'POST',
      headers: {
        authorization: authorizationFor(parameters.token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        accept: 'application/json',
      },
      body: body() as unknown as RequestInit['body'],
      duplex: 'half',
      signal: controller.signal,
      redirect: 'error',
    } as Parameters<typeof undiciFetch>[1])) as unknown as Response;
    text = await response.text();
  } catch (error) {
    car.destroy();
    if (parameters.signal?.aborted) throw parameters.signal.reason;
    if (timedOut) {
      throw new AppError(
        'UNAVAILABLE',
        `The pinning provider at ${hostOf(endpoint)} stopped answering while the ${label} were uploaded (nothing for ${Math.round(idleTimeoutMs / 1000)} s). Try again later.`,
        { cause: error },
      );
    }
    throw unreachable(endpoint, error);
  } finally {
    clearTimeout(timer);
    parameters.signal?.removeEventListener('abort', onAbort);
  }

  if (response.status === 401 || response.status === 403) {
    throw new AppError(
      'FORBIDDEN',
      `The pinning provider at ${hostOf(endpoint)} refused the access token (HTTP ${response.status}). Save a valid token, then try again.`,
    );
  }
  if (response.status === 404 || response.status === 405) {
    throw new AppError(
      'BAD_REQUEST',
      `The address ${hostOf(endpoint)} does not offer the IPFS RPC API (its dag import answered HTTP ${response.status}). Check the provider's API address.`,
    );
  }
  if (!response.ok) {
    throw new AppError(
      'UNAVAILABLE',
      `The pinning provider at ${hostOf(endpoint)} could not take the ${label} (HTTP ${response.status}${providerMessage(text)}). Try again later.`,
    );
  }
  return rootsOf(text, endpoint, label);
}

/** The roots of a dag/import answer: one JSON object per line, `{"Root":{"Cid":{"/":…},"PinErrorMsg":…}}`. */
function rootsOf(text: string, endpoint: string, label: string): string[] {
  const roots: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let parsed: { Root?: { Cid?: { '/'?: unknown }; PinErrorMsg?: unknown } };
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw new AppError(
        'UNAVAILABLE',
        `The pinning provider at ${hostOf(endpoint)} gave an answer that is not the IPFS RPC API's. Check the provider's API address.`,
        { cause: error },
      );
    }
    if (!parsed.Root) continue;
    const pinError = parsed.Root.PinErrorMsg;
    if (typeof pinError === 'string' && pinError.trim() !== '') {
      throw new AppError(
        'UNAVAILABLE',
        `The pinning provider at ${hostOf(endpoint)} received the ${label} but could not pin them: ${pinError.trim().slice(0, 160)}. Try again later.`,
      );
    }
    const cid = parsed.Root.Cid?.['/'];
    if (typeof cid === 'string') roots.push(cid);
  }
  return roots;
}

/** Whether two CID strings name the same content (CIDv0/v1 and base encodings differ in text only). */
export function sameCid(a: string, b: string): boolean {
  try {
    return CID.parse(a).toV1().equals(CID.parse(b).toV1());
  } catch {
    return false;
  }
}

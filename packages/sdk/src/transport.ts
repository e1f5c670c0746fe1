import { ErrorBodySchema } from '@layerloom/api';
import type { z } from 'zod';
import { type ApiError, apiErrorOf, ConnectionError, LayerloomError } from './errors.ts';

/** An endpoint as `@layerloom/api` describes it: method, path pattern and zod schemas. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response?: z.ZodType;
}

/** What a call to an endpoint sends: path parameters, query, JSON body and headers (typed by its schemas). */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['querystring'] extends z.ZodType ? { query?: z.input<E['querystring']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: undefined }) &
  (E['headers'] extends z.ZodType ? { headers?: z.input<E['headers']> } : { headers?: undefined });

/** The `data` of an endpoint's success envelope. */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']> extends { data: infer D }
    ? D
    : never
  : never;

/** How the client reaches the server. */
export interface TransportOptions {
  baseUrl: string;
  apiKey: string | undefined;
  fetch: typeof globalThis.fetch;
  /** Retries of an idempotent request answered 429 or 503 (or not answered at all). */
  maxRetries: number;
  /** The longest wait before a retry; a longer Retry-After gives up at once with the error. */
  maxRetryDelayMs: number;
  userAgent: string | undefined;
}

/** One HTTP request to the API, before retries. */
export interface RawRequest {
  method: string;
  /** Path (with query) under the base URL, e.g. `/api/v1/projects`. */
  path: string;
  headers?: Record<string, string>;
  body?: RequestInit['body'] | undefined;
  signal?: AbortSignal | undefined;
  /** Whether a 429/503 or a failed connection may be retried (GET, HEAD, PUT, DELETE). */
  idempotent?: boolean;
  /** Error statuses the caller handles itself: answered as responses, not thrown. */
  acceptStatuses?: readonly number[] | undefined;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_STATUSES = new Set([429, 503]);

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - now) / 1000);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Replaces `:name` segments of a path pattern with the URL-encoded parameters. */
export function fillPath(pattern: string, params: Record<string, unknown> | undefined): string {
  return pattern.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new LayerloomError(`Missing the path parameter "${name}" of ${pattern}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x&b=y` from a query object (arrays repeat the key; undefined values are left out). */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of [value].flat())
      if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Sends requests with the key, retries what may be retried, and turns error answers into typed errors. */
export class Transport {
  readonly options: TransportOptions;

  constructor(options: TransportOptions) {
    this.options = options;
  }

  /** The absolute URL of an API path. */
  url(path: string): string {
    return new URL(path, `${this.options.baseUrl.replace(/\/+$/, '')}/`).toString();
  }

  /** Sends one request (retrying 429/503 on idempotent ones) and resolves with a successful response. */
  async send(request: RawRequest): Promise<Response> {
    const method = request.method.toUpperCase();
    const idempotent = request.idempotent ?? IDEMPOTENT.has(method);
    const url = this.url(request.path);
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.options.fetch(url, {
          method,
          headers,
          body: request.body,
          signal: request.signal,
          // A stream body needs this in Node's fetch; it is ignored where not supported.
          ...(isStream(request.body) ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (error) {
        if (request.signal?.aborted) throw error;
        // A stream body cannot be sent twice; anything else idempotent is tried again after a pause.
        if (idempotent && !isStream(request.body) && attempt < this.options.maxRetries) {
          await sleep(backoff(attempt), request.signal);
          continue;
        }
        throw new ConnectionError(`Could not reach the Layerloom server at ${url}: ${messageOf(error)}`, {
          cause: error,
        });
      }
      if (response.ok || request.acceptStatuses?.includes(response.status)) return response;
      const error = await errorOf(response, method, url);
      const wait = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : backoff(attempt);
      const retry =
        idempotent &&
        !isStream(request.body) &&
        RETRIED_STATUSES.has(response.status) &&
        attempt < this.options.maxRetries &&
        wait <= this.options.maxRetryDelayMs;
      if (!retry) throw error;
      await sleep(wait, request.signal);
    }
  }

  /** Sends a JSON request and resolves with the `data` of the success envelope, checked against `schema`. */
  async json<T>(request: RawRequest, schema: z.ZodType | undefined): Promise<T> {
    const response = await this.send(request);
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      throw new ConnectionError(
        `${request.method} ${request.path} answered ${response.status} with something that is not JSON`,
        { cause },
      );
    }
    if (!schema) return (body as { data: T }).data;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new LayerloomError(
        `${request.method} ${request.path} answered in a shape this SDK does not know (is the server a different version?)`,
        { cause: parsed.error },
      );
    }
    return (parsed.data as { data: T }).data;
  }

  /** Calls an endpoint of `@layerloom/api` with typed input and output. */
  call<E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    signal?: AbortSignal,
  ): Promise<EndpointData<E>> {
    const { params, query, body, headers } = input as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, string | undefined>;
    };
    const sent: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) sent[name] = value;
    return this.json<EndpointData<E>>(
      {
        method: endpoint.method,
        path: fillPath(endpoint.path, params) + queryString(query),
        headers: sent,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      },
      endpoint.response,
    );
  }
}

/** The typed error of a failed response, from its error envelope (or its status when it has none). */
export async function errorOf(response: Response, method: string, url: string): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  let parsed: ReturnType<typeof ErrorBodySchema.safeParse> | undefined;
  try {
    parsed = ErrorBodySchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) {
    const { code, message, fields, retryAfterSeconds } = parsed.data.error;
    return apiErrorOf({
      status: response.status,
      code,
      message,
      fields,
      retryAfterSeconds: retryAfter ?? retryAfterSeconds,
      method,
      url,
    });
  }
  return apiErrorOf({
    status: response.status,
    code: fallbackCode(response.status),
    message: `${method} ${new URL(url).pathname} answered ${response.status} ${response.statusText}`.trim(),
    retryAfterSeconds: retryAfter,
    method,
    url,
  });
}

function fallbackCode(status: number): ApiError['code'] {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

function isStream(body: unknown): boolean {
  return typeof ReadableStream !== 'undefined' && body instanceof ReadableStream;
}

/** 0.5 s, 1 s, 2 s, … (at most 8 s), with a little jitter so clients do not retry in step. */
function backoff(attempt: number): number {
  return Math.min(8000, 500 * 2 ** attempt) * (0.8 + Math.random() * 0.4);
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

import type { z } from 'zod';
import { ApiError } from './api-error.ts';

/** An endpoint of the contract in `@layerloom/api`: its method, path (with `:params`) and response schema. */
export interface Endpoint {
  method: string;
  path: string;
  response?: z.ZodType;
}

type QueryValue = string | number | boolean;

/** What a call sends: path params, query string, and a JSON body or FormData. */
export interface CallOptions {
  params?: Record<string, string | number>;
  /** A list value repeats the key (`trait=a&trait=b`). */
  query?: Record<string, QueryValue | readonly QueryValue[] | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. If-Match). */
  headers?: Record<string, string>;
}

/**
 * An endpoint of the contract by method and path only, typed with its answer but without its zod schema:
 * code every public page runs uses it so the landing page never loads the API schemas. The type checks the
 * method and path against the contract; `call` never parses answers with the schema anyway.
 */
export type EndpointRef<E extends Endpoint> = Pick<E, 'method' | 'path'> & {
  readonly response?: E['response'];
};

type ResponseOf<E extends Endpoint> =
  NonNullable<E['response']> extends z.ZodType ? z.output<NonNullable<E['response']>> : unknown;

/** Builds an endpoint's URL from its path template, params and query. */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'path'>,
  params: CallOptions['params'] = {},
  query: CallOptions['query'] = {},
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls an endpoint with the session cookie and returns its parsed JSON body. Any failure (a non-2xx
 * status or no connection) is thrown as an ApiError carrying the server's code and message.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(endpointUrl(endpoint, options.params, options.query), {
      method: endpoint.method,
      credentials: 'same-origin',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Cannot reach Layerloom. Check your connection and try again.');
  }
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as ResponseOf<E>;
}

/** The ApiError of a failed response from its status and JSON body (the server's code and message when it sent them). */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (body as { error?: Partial<ApiError> } | undefined)?.error;
  if (error && typeof error.message === 'string' && typeof error.code === 'string') {
    return new ApiError(status, error.code, error.message, error.fields ?? [], error.retryAfterSeconds);
  }
  if (status === 413) return new ApiError(status, 'PAYLOAD_TOO_LARGE', 'File size is too big');
  if (status >= 500) return new ApiError(status, 'INTERNAL', 'The server had a problem. Please try again.');
  return new ApiError(status, 'BAD_REQUEST', `The request failed (HTTP ${status}).`);
}

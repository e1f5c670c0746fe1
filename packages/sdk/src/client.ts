import { LayerloomError } from './errors.ts';
import { Collections } from './resources/collections.ts';
import { Deployments } from './resources/deployments.ts';
import { Projects } from './resources/projects.ts';
import { Publications } from './resources/publications.ts';
import { Webhooks } from './resources/webhooks.ts';
import { Transport } from './transport.ts';

/** How to reach a Layerloom server. */
export interface LayerloomOptions {
  /** An API key from Settings › Developers (`ll_live_…`). Default: the `LAYERLOOM_API_KEY` environment variable. */
  apiKey?: string | undefined;
  /** The server, e.g. `https://layerloom.example.com`. Default: `LAYERLOOM_URL`, else `http://localhost:3000`. */
  baseUrl?: string | undefined;
  /** Retries of an idempotent request answered 429 or 503, or not answered (default 3). */
  maxRetries?: number;
  /** The longest pause before a retry (default 30 s): a longer `Retry-After` fails at once with `RateLimitError`. */
  maxRetryDelayMs?: number;
  /** The fetch to use (default the platform's `fetch`). */
  fetch?: typeof globalThis.fetch;
}

function environment(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The Layerloom API client.
 *
 * ```ts
 * const layerloom = new Layerloom({ apiKey: process.env.LAYERLOOM_API_KEY, baseUrl: 'http://localhost:3000' });
 * const project = await layerloom.projects.create({ name: 'Pixel Cats', collectionSize: 100, width: 512, height: 512 });
 * ```
 */
export class Layerloom {
  /** Projects: create, update, upload traits or a layers folder, preview. */
  readonly projects: Projects;
  /** Collections: generate, follow progress, list tokens, download. */
  readonly collections: Collections;
  /** Publishing a collection's metadata and images. */
  readonly publications: Publications;
  /** Records of deployed contracts. */
  readonly deployments: Deployments;
  /** Webhook endpoints (with the `webhooks` scope) and verifying their deliveries. */
  readonly webhooks: Webhooks;
  /** The server this client talks to. */
  readonly baseUrl: string;

  constructor(options: LayerloomOptions = {}) {
    const baseUrl = options.baseUrl ?? environment('LAYERLOOM_URL') ?? 'http://localhost:3000';
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      throw new LayerloomError(`baseUrl must be an http:// or https:// URL, not "${baseUrl}"`);
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') {
      throw new LayerloomError('No fetch here: use Node 20+ or a browser, or pass options.fetch');
    }
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    const transport = new Transport({
      baseUrl: this.baseUrl,
      apiKey: options.apiKey ?? environment('LAYERLOOM_API_KEY'),
      fetch: fetchImpl.bind(globalThis),
      maxRetries: options.maxRetries ?? 3,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
      userAgent: undefined,
    });
    this.projects = new Projects(transport);
    this.collections = new Collections(transport);
    this.publications = new Publications(transport);
    this.deployments = new Deployments(transport);
    this.webhooks = new Webhooks(transport);
  }
}

import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import {
  type VerificationConfig,
  VerificationConfigError,
  verificationFrom,
} from './modules/deployments/verification-config.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = (protocols: RegExp, example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
      message: `must be a URL like ${example}`,
    });

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`), as a proxy list entry. */
function isAddressOrRange(text: string): boolean {
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** proxy-addr's names for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which proxies' `X-Forwarded-For` to believe: off (the default: the socket peer is the client), `true`
 * (every hop: only behind a proxy that overwrites the header), or a list of proxy addresses/CIDRs. A
 * hop count is refused: it cannot check that the peer is a proxy at all (Fastify trusts no one with it).
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .default('false')
  .transform((text, context): boolean | string[] => {
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrRange(entry) && !PROXY_RANGE_NAMES.has(entry));
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `must be false, true or a list of proxy addresses/CIDRs such as 10.0.0.0/8 (not "${bad}")`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A whole number of milliseconds within bounds, from the environment. */
const millisecondsFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int({ message: 'must be a whole number of milliseconds' })
    .min(min, { message: `must be at least ${min} (milliseconds)` })
    .max(max, { message: `must be at most ${max} (milliseconds)` })
    .default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://user:password@localhost:5432/layerloom'),
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis://localhost:6379'),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp://user:password@smtp.example.com:587'),
  MAIL_FROM: z.string().default('Layerloom <no-reply@layerloom.local>'),
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'https://layerloom.example.com'),
  ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  REQUIRE_APPROVAL: booleanFromEnv.default(true),
  PROCESS_JOBS: booleanFromEnv.default(true),
  TRUST_PROXY: trustProxyFromEnv,
  JOB_LOCK_DURATION_MS: millisecondsFromEnv(10_000, 2_000, 600_000),
  JOB_STALLED_INTERVAL_MS: millisecondsFromEnv(5_000, 1_000, 600_000),
  RECONCILE_INTERVAL_MS: millisecondsFromEnv(30_000, 1_000, 3_600_000),
  GENERATION_CHUNK_SIZE: z.coerce
    .number({ message: 'must be a number of tokens' })
    .int({ message: 'must be a whole number of tokens' })
    .min(1, { message: 'must be at least 1 (tokens)' })
    .optional(),
  RENDER_THREADS: z.coerce
    .number({ message: 'must be a number of threads' })
    .int({ message: 'must be a whole number of threads' })
    .min(1, { message: 'must be at least 1 (threads)' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters (for example: openssl rand -hex 32)',
    }),
  IPFS_TIMEOUT_MS: millisecondsFromEnv(120_000, 100, 3_600_000),
  IPFS_GATEWAY_URL: optionalUrl(/^https?:\/\//, 'https://ipfs.io'),
  LIVE_HEARTBEAT_MS: millisecondsFromEnv(15_000, 100, 300_000),
  LIVE_STREAMS_PER_USER: z.coerce
    .number({ message: 'must be a number of connections' })
    .int({ message: 'must be a whole number of connections' })
    .min(1, { message: 'must be at least 1 (connections)' })
    .default(8),
  ALLOW_PRIVATE_URLS: booleanFromEnv.optional(),
  API_KEY_RATE_LIMIT: z.coerce
    .number({ message: 'must be a number of requests per minute' })
    .int({ message: 'must be a whole number of requests per minute' })
    .min(1, { message: 'must be at least 1 (requests per minute)' })
    .default(300),
  WEBHOOK_RETRY_BASE_MS: millisecondsFromEnv(30_000, 1, 3_600_000),
  // WalletConnect Cloud (Reown) project ids are 32 hexadecimal characters; anything else fails only later, in
  // a collector's browser, so it is refused here.
  WALLETCONNECT_PROJECT_ID: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^[0-9a-f]{32}$/i.test(value), {
      message: 'must be a WalletConnect project id: 32 hexadecimal characters, from dashboard.reown.com',
    }),
});

/** The server's configuration, read once at boot from the environment. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absolute path of the folder holding the SQLite file, blobs and the dev outbox. */
  dataDir: string;
  /** Where blobs live: `DATA_DIR/blobs` (the default), or an S3-compatible bucket when `S3_BUCKET` is set. */
  blobs: BlobsConfig;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** Whether this process runs generation jobs (false on web nodes when dedicated workers run them). */
  processJobs: boolean;
  /** How the shared queue (REDIS_URL) hands out jobs and takes them back from a worker that died. */
  jobs: {
    /** How long a worker's claim on a job lasts without renewal (renewed every half of it while alive). */
    lockDurationMs: number;
    /** How often workers look for jobs whose claim expired, to hand them to another worker. */
    stalledIntervalMs: number;
    /** How often the database's queued and running jobs are compared with the queue, and lost ones re-added. */
    reconcileIntervalMs: number;
    /**
     * With a shared queue, a larger generation is split into chunks of this many tokens that any worker
     * may take: `GENERATION_CHUNK_SIZE`, or `chunkSizeFor` the render threads a job uses here.
     */
    chunkSize: number;
    /** Render threads per generation job; undefined: one per core. */
    renderThreads: number | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string };
  /** The users' live event streams: heartbeat interval and how many streams one user may hold open per node. */
  live: { heartbeatMs: number; streamsPerUser: number };
  /** The address users reach the app at; links in mails are built from it. */
  publicUrl: string;
  admin: { email: string; password: string } | undefined;
  requireApproval: boolean;
  /** Whose `X-Forwarded-For` names the client (Fastify's trustProxy): false believes no one. */
  trustProxy: boolean | string[];
  logLevel: string;
  /** The built web app to serve, or undefined to serve the API only. */
  webDist: string | undefined;
  /** JSON-RPC endpoints by chain id (`RPC_URL_<chainId>`), used to verify deployments; the local chain's by default. */
  rpcUrls: Record<number, string>;
  /** Seals stored secrets (pinning tokens); undefined: a key file generated once in DATA_DIR. */
  secretKey: string | undefined;
  /** How long a pinning provider may stay silent during an upload before it is given up, in ms. */
  ipfsTimeoutMs: number;
  /** The public IPFS gateway links use for content this server does not hold (IPFS_GATEWAY_URL). */
  ipfsGatewayUrl: string;
  /**
   * Whether user-given URLs (a pinning provider) may point at loopback or private addresses. Off in
   * production, so they cannot reach the server's own network; on in development and tests.
   */
  allowPrivateUrls: boolean;
  /** How many requests one API key may make per minute (API_KEY_RATE_LIMIT). */
  apiKeyRateLimit: number;
  /** The first webhook retry waits this long; each next one four times longer (WEBHOOK_RETRY_BASE_MS). */
  webhookRetryBaseMs: number;
  /** The WalletConnect project the mint page connects phone wallets through (QR on desktop); none: not offered. */
  walletConnectProjectId: string | undefined;
  /** Source verification of deployed contracts: each chain's explorer (`ETHERSCAN_API_KEY`, `EXPLORER_*`) and the retry pace. */
  verification: VerificationConfig;
  /** Who takes payments for plans (see `billingFrom`). */
  billing: BillingConfig;
}

/**
 * Stripe when `STRIPE_*` is set; otherwise the local test checkout (no money moves), which production
 * refuses: there, without Stripe, plans are only granted by an admin.
 */
export type BillingConfig =
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Stripe price id of each paid plan (`STRIPE_PRICE_STARTER`, `_PRO`, `_ENTERPRISE`). */
      prices: { starter: string; pro: string; enterprise: string };
      /** Another Stripe API address (a stand-in in tests); undefined: api.stripe.com. */
      apiUrl: string | undefined;
    }
  | { kind: 'test' }
  | { kind: 'none' };

const STRIPE_SETTINGS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_ENTERPRISE',
] as const;

/** `STRIPE_*` → Stripe (every one required once any is set); none → the test checkout, or none in production. */
function billingFrom(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): BillingConfig {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const refuse = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  const given = STRIPE_SETTINGS.filter((name) => read(name) !== undefined);
  const apiUrl = read('STRIPE_API_URL');
  if (given.length === 0) {
    if (apiUrl !== undefined) refuse('STRIPE_API_URL is set but STRIPE_SECRET_KEY is not');
    return nodeEnv === 'production' ? { kind: 'none' } : { kind: 'test' };
  }
  const missing = STRIPE_SETTINGS.filter((name) => read(name) === undefined);
  if (missing.length > 0)
    refuse(`${missing.join(', ')} must be set too (Stripe needs ${STRIPE_SETTINGS.join(', ')})`);
  const secretKey = read('STRIPE_SECRET_KEY') as string;
  const webhookSecret = read('STRIPE_WEBHOOK_SECRET') as string;
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    refuse('STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)');
  if (!/^whsec_\w+$/.test(webhookSecret)) refuse('STRIPE_WEBHOOK_SECRET must be a signing secret (whsec_…)');
  const price = (name: string) => {
    const value = read(name) as string;
    if (!/^price_\w+$/.test(value)) refuse(`${name} must be a Stripe price id (price_…)`);
    return value;
  };
  if (apiUrl !== undefined && !(URL.canParse(apiUrl) && /^https?:\/\//.test(apiUrl)))
    refuse('STRIPE_API_URL must be a URL like http://127.0.0.1:12111');
  return {
    kind: 'stripe',
    secretKey,
    webhookSecret,
    prices: {
      starter: price('STRIPE_PRICE_STARTER'),
      pro: price('STRIPE_PRICE_PRO'),
      enterprise: price('STRIPE_PRICE_ENTERPRISE'),
    },
    apiUrl,
  };
}

/** A bad environment variable: the message names it and says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The explorers contracts are verified on; a bad setting is a ConfigError naming it. */
function verificationOf(env: NodeJS.ProcessEnv): VerificationConfig {
  try {
    return verificationFrom(env);
  } catch (error) {
    if (error instanceof VerificationConfigError)
      throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
}

/** The local development chain (anvil, Hardhat) and where it listens by default. */
const LOCAL_CHAIN_ID = 31337;
const LOCAL_RPC_URL = 'http://127.0.0.1:8545';

/**
 * `RPC_URL_<chainId>` variables: chain id → URL (http, https, ws or wss), with the local chain's default
 * outside production. A production server offers the local chain only when RPC_URL_31337 names one: a creator
 * there must never be offered "Local test chain" by default.
 */
function rpcUrlsFrom(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): Record<number, string> {
  const urls: Record<number, string> = nodeEnv === 'production' ? {} : { [LOCAL_CHAIN_ID]: LOCAL_RPC_URL };
  for (const [name, value] of Object.entries(env)) {
    const match = /^RPC_URL_(\d+)$/.exec(name);
    if (!match || value === undefined || value.trim() === '') continue;
    if (!URL.canParse(value.trim()) || !/^(https?|wss?):\/\//.test(value.trim())) {
      throw new ConfigError(`Invalid configuration: ${name} must be a URL like https://rpc.example.com`);
    }
    urls[Number(match[1])] = value.trim();
  }
  return urls;
}

/** The blob store's settings: a local folder, or an S3-compatible bucket (`S3_*`). */
export type BlobsConfig =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** The address browsers reach the store at, for presigned download URLs (default: `endpoint`). */
      publicEndpoint: string | undefined;
      forcePathStyle: boolean;
      prefix: string | undefined;
      /** Keys from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY; undefined: the AWS SDK's credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

/**
 * Tokens per generation chunk for a worker rendering on `threads` threads: 125 a thread, at least 250.
 * A chunk's own cost (planning from the seed, decoding the art, starting the threads: under a second)
 * stays small beside its rendering when the chunk takes the same time whatever the machine, so chunks
 * grow with the threads that render them: 250 on 2 threads as before, 2,000 on 16.
 */
export function chunkSizeFor(threads: number): number {
  return Math.max(250, 125 * threads);
}

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_PUBLIC_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** `S3_*` (and the AWS keys when given) → an S3 store; none of them → `DATA_DIR/blobs`. Half-set settings are refused. */
function blobsFrom(env: NodeJS.ProcessEnv, dataDir: string): BlobsConfig {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const refuse = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };
  const bucket = read('S3_BUCKET');
  if (bucket === undefined) {
    const stray = S3_SETTINGS.filter((name) => read(name) !== undefined);
    if (stray.length > 0)
      refuse(
        `${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not (set S3_BUCKET to keep blobs in S3, or unset S3_* to keep them in DATA_DIR/blobs)`,
      );
    return { kind: 'local', root: resolve(dataDir, 'blobs') };
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    refuse('S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens');
  const region =
    read('S3_REGION') ??
    refuse('S3_BUCKET needs S3_REGION (us-east-1 for MinIO and most S3-compatible servers)');
  const url = (name: string) => {
    const value = read(name);
    if (value !== undefined && !(URL.canParse(value) && /^https?:\/\//.test(value)))
      refuse(`${name} must be a URL like http://minio:9000`);
    return value?.replace(/\/+$/, '');
  };
  const endpoint = url('S3_ENDPOINT');
  const publicEndpoint = url('S3_PUBLIC_ENDPOINT');
  const pathStyle = read('S3_FORCE_PATH_STYLE') ?? 'false';
  const forcePathStyle = booleanFromEnv.safeParse(pathStyle);
  if (!forcePathStyle.success) refuse('S3_FORCE_PATH_STYLE must be true or false');
  const prefix = read('S3_PREFIX')?.replace(/^\/+|\/+$/g, '');
  if (
    prefix !== undefined &&
    prefix !== '' &&
    !/^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/.test(prefix)
  )
    refuse(
      'S3_PREFIX must be a folder path of letters, digits, dots, hyphens and underscores, like layerloom/prod',
    );
  const accessKeyId = read('AWS_ACCESS_KEY_ID');
  const secretAccessKey = read('AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined))
    refuse(
      'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together (or neither, to use the AWS credential chain)',
    );
  const sessionToken = read('AWS_SESSION_TOKEN');
  return {
    kind: 's3',
    bucket,
    region,
    endpoint,
    publicEndpoint,
    forcePathStyle: forcePathStyle.data === true,
    prefix: prefix || undefined,
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
        : undefined,
  };
}

/** Validates the environment once and returns the typed configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const dataDir = isAbsolute(vars.DATA_DIR) ? vars.DATA_DIR : resolve(cwd, vars.DATA_DIR);
  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    dataDir,
    blobs: blobsFrom(env, dataDir),
    database: vars.DATABASE_URL
      ? { kind: 'postgres', url: vars.DATABASE_URL }
      : { kind: 'sqlite', file: resolve(dataDir, 'layerloom.db') },
    redisUrl: vars.REDIS_URL,
    processJobs: vars.PROCESS_JOBS,
    jobs: {
      lockDurationMs: vars.JOB_LOCK_DURATION_MS,
      stalledIntervalMs: vars.JOB_STALLED_INTERVAL_MS,
      reconcileIntervalMs: vars.RECONCILE_INTERVAL_MS,
      chunkSize: vars.GENERATION_CHUNK_SIZE ?? chunkSizeFor(vars.RENDER_THREADS ?? availableParallelism()),
      renderThreads: vars.RENDER_THREADS,
    },
    mail: { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM },
    live: { heartbeatMs: vars.LIVE_HEARTBEAT_MS, streamsPerUser: vars.LIVE_STREAMS_PER_USER },
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    admin:
      vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD
        ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD }
        : undefined,
    requireApproval: vars.REQUIRE_APPROVAL,
    trustProxy: vars.TRUST_PROXY,
    logLevel: vars.LOG_LEVEL,
    webDist: vars.WEB_DIST ? resolve(cwd, vars.WEB_DIST) : undefined,
    rpcUrls: rpcUrlsFrom(env, vars.NODE_ENV),
    secretKey: vars.SECRET_KEY,
    ipfsTimeoutMs: vars.IPFS_TIMEOUT_MS,
    ipfsGatewayUrl: (vars.IPFS_GATEWAY_URL ?? 'https://ipfs.io').replace(/\/+$/, ''),
    allowPrivateUrls: vars.ALLOW_PRIVATE_URLS ?? vars.NODE_ENV !== 'production',
    apiKeyRateLimit: vars.API_KEY_RATE_LIMIT,
    webhookRetryBaseMs: vars.WEBHOOK_RETRY_BASE_MS,
    walletConnectProjectId: vars.WALLETCONNECT_PROJECT_ID?.toLowerCase(),
    billing: billingFrom(env, vars.NODE_ENV),
    verification: verificationOf(env),
  };
}

/** What a process is started as: `npm start` serves the app (a web node); `npm run worker` only runs jobs. */
export type ProcessRole = 'web' | 'worker';

/**
 * Refuses a configuration that would start but never work in this role, with one line saying why:
 * a web node that queues jobs nobody runs, a worker without the queue or the database web nodes share.
 */
export function assertRunnable(config: Config, role: ProcessRole): void {
  if (role === 'web' && !config.processJobs && !config.redisUrl) {
    throw new ConfigError(
      'Invalid configuration: PROCESS_JOBS=false needs REDIS_URL (without a queue shared with workers, no process would ever run the jobs this node queues)',
    );
  }
  if (role === 'worker' && !config.redisUrl) {
    throw new ConfigError('Invalid configuration: REDIS_URL must be set to run a worker');
  }
  if (role === 'worker' && config.database.kind !== 'postgres') {
    throw new ConfigError(
      'Invalid configuration: DATABASE_URL must be set to run a worker (the PostgreSQL database the web nodes use; a SQLite file cannot be shared)',
    );
  }
}

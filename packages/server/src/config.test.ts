import { describe, expect, it } from 'vitest';
import { assertRunnable, ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults: port 3000, SQLite under ./data, approval required', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/app/data/layerloom.db' });
    expect(config.requireApproval).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.admin).toBeUndefined();
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/layerloom' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/layerloom' });
  });

  it('names the bad variable in its message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a URL like postgres:/,
    );
    expect(() => loadConfig({ REQUIRE_APPROVAL: 'maybe' })).toThrow(/REQUIRE_APPROVAL must be true or false/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    const config = loadConfig({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'correct horse' });
    expect(config.admin).toEqual({ email: 'admin@example.com', password: 'correct horse' });
  });

  it('strips a trailing slash from PUBLIC_URL and reads REQUIRE_APPROVAL=false', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://layerloom.example.com/', REQUIRE_APPROVAL: 'false' });
    expect(config.publicUrl).toBe('https://layerloom.example.com');
    expect(config.requireApproval).toBe(false);
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says whose', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY must be false, true or a list/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(
      /TRUST_PROXY must be false, true or a list/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('assertRunnable', () => {
  it('refuses a web node that only queues jobs when there is no queue for workers to take them from', () => {
    const config = loadConfig({ PROCESS_JOBS: 'false' });
    expect(() => assertRunnable(config, 'web')).toThrow(
      'Invalid configuration: PROCESS_JOBS=false needs REDIS_URL (without a queue shared with workers, no process would ever run the jobs this node queues)',
    );
    expect(() =>
      assertRunnable(loadConfig({ PROCESS_JOBS: 'false', REDIS_URL: 'redis://localhost:6379' }), 'web'),
    ).not.toThrow();
  });

  it('refuses a worker without Redis, or without the PostgreSQL database web nodes share', () => {
    expect(() => assertRunnable(loadConfig({}), 'worker')).toThrow(/REDIS_URL must be set to run a worker/);
    expect(() => assertRunnable(loadConfig({ REDIS_URL: 'redis://localhost:6379' }), 'worker')).toThrow(
      /DATABASE_URL must be set to run a worker .*SQLite file cannot be shared/,
    );
    const shared = loadConfig({
      REDIS_URL: 'redis://localhost:6379',
      DATABASE_URL: 'postgres://db/layerloom',
    });
    expect(() => assertRunnable(shared, 'worker')).not.toThrow();
  });
});

describe('job queue settings', () => {
  it('default to a takeover within 15 s and reconciliation every 30 s', () => {
    const { jobs } = loadConfig({});
    expect(jobs).toEqual({
      lockDurationMs: 10_000,
      stalledIntervalMs: 5_000,
      reconcileIntervalMs: 30_000,
      chunkSize: 250,
      renderThreads: undefined,
    });
    expect(jobs.lockDurationMs + jobs.stalledIntervalMs).toBeLessThanOrEqual(15_000);
  });

  it('are read from the environment and refused, by name, when out of range', () => {
    const { jobs } = loadConfig({
      JOB_LOCK_DURATION_MS: '20000',
      JOB_STALLED_INTERVAL_MS: '2000',
      RECONCILE_INTERVAL_MS: '5000',
      GENERATION_CHUNK_SIZE: '100',
      RENDER_THREADS: '1',
    });
    expect(jobs).toEqual({
      lockDurationMs: 20_000,
      stalledIntervalMs: 2_000,
      reconcileIntervalMs: 5_000,
      chunkSize: 100,
      renderThreads: 1,
    });
    expect(() => loadConfig({ JOB_LOCK_DURATION_MS: '500' })).toThrow(
      /JOB_LOCK_DURATION_MS must be at least 2000/,
    );
    expect(() => loadConfig({ JOB_STALLED_INTERVAL_MS: 'often' })).toThrow(
      /JOB_STALLED_INTERVAL_MS must be a number of milliseconds/,
    );
    expect(() => loadConfig({ RECONCILE_INTERVAL_MS: '1.5' })).toThrow(
      /RECONCILE_INTERVAL_MS must be a whole number/,
    );
  });
});

describe('ALLOW_PRIVATE_URLS', () => {
  it('is on in development and tests, off in production, and can be set either way', () => {
    expect(loadConfig({}).allowPrivateUrls).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).allowPrivateUrls).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_PRIVATE_URLS: 'true' }).allowPrivateUrls).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_URLS: 'false' }).allowPrivateUrls).toBe(false);
  });
});

describe('RPC_URL_<chainId>', () => {
  it('reads the local chain at 127.0.0.1:8545 by default outside production, and in production only when named', () => {
    expect(loadConfig({}).rpcUrls).toEqual({ 31337: 'http://127.0.0.1:8545' });
    expect(loadConfig({ NODE_ENV: 'production' }).rpcUrls).toEqual({});
    expect(
      loadConfig({
        NODE_ENV: 'production',
        RPC_URL_31337: 'http://anvil:8545',
        RPC_URL_1: 'https://rpc.example.com',
      }).rpcUrls,
    ).toEqual({ 31337: 'http://anvil:8545', 1: 'https://rpc.example.com' });
  });
});

describe('WALLETCONNECT_PROJECT_ID', () => {
  it('is off unless set, and a project id is kept (lower case) for the mint page', () => {
    expect(loadConfig({}).walletConnectProjectId).toBeUndefined();
    expect(loadConfig({ WALLETCONNECT_PROJECT_ID: '' }).walletConnectProjectId).toBeUndefined();
    expect(
      loadConfig({ WALLETCONNECT_PROJECT_ID: ' 3A8170812B534D0FF9D794F19A901D64 ' }).walletConnectProjectId,
    ).toBe('3a8170812b534d0ff9d794f19a901d64');
  });

  it('refuses, by name, a value that is not a project id', () => {
    expect(() => loadConfig({ WALLETCONNECT_PROJECT_ID: 'my-project' })).toThrow(
      /WALLETCONNECT_PROJECT_ID must be a WalletConnect project id: 32 hexadecimal characters/,
    );
    expect(() => loadConfig({ WALLETCONNECT_PROJECT_ID: `${'a'.repeat(32)}0` })).toThrow(ConfigError);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { open, SECRET_KEY_FILE, SecretUnreadableError, seal, secretKey } from './ipfs-secret-box.ts';

describe('the secret box that keeps pinning tokens', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-secret-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens what it sealed, for the same owner only, and never shows the secret in the sealed text', () => {
    const key = secretKey({ secretKey: 'k'.repeat(40), dataDir });
    const sealed = seal(key, 'pinata-jwt-secret-value', 'user-1');
    expect(sealed).not.toContain('pinata');
    expect(seal(key, 'pinata-jwt-secret-value', 'user-1')).not.toBe(sealed);
    expect(open(key, sealed, 'user-1')).toBe('pinata-jwt-secret-value');
    expect(() => open(key, sealed, 'user-2')).toThrow(SecretUnreadableError);
    const otherKey = secretKey({ secretKey: 'z'.repeat(40), dataDir });
    expect(() => open(otherKey, sealed, 'user-1')).toThrow(SecretUnreadableError);
    expect(() => open(key, `${sealed.slice(0, -2)}AA`, 'user-1')).toThrow(SecretUnreadableError);
  });

  it('without SECRET_KEY generates one key file in DATA_DIR (mode 0600) and keeps using it', () => {
    const first = secretKey({ secretKey: undefined, dataDir });
    const file = join(dataDir, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text.trim()).toMatch(/^[0-9a-f]{64}$/);
    const sealed = seal(first, 'token', 'user-1');
    // Another process (no cache) reads the same file.
    const fresh = secretKey({ secretKey: undefined, dataDir: `${dataDir}/` });
    expect(open(fresh, sealed, 'user-1')).toBe('token');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a SECRET_KEY shorter than 32 characters, by name', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY must be at least 32 characters/);
    expect(loadConfig({ SECRET_KEY: 'x'.repeat(32) }).secretKey).toBe('x'.repeat(32));
    expect(loadConfig({}).ipfsTimeoutMs).toBe(120_000);
  });

  it('opens IPFS content it does not hold through ipfs.io unless IPFS_GATEWAY_URL names another gateway', () => {
    expect(loadConfig({}).ipfsGatewayUrl).toBe('https://ipfs.io');
    expect(loadConfig({ IPFS_GATEWAY_URL: 'https://dweb.example.net/' }).ipfsGatewayUrl).toBe(
      'https://dweb.example.net',
    );
    expect(() => loadConfig({ IPFS_GATEWAY_URL: 'ipfs://nope' })).toThrow(/IPFS_GATEWAY_URL/);
  });
});

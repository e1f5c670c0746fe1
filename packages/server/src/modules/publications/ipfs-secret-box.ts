import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file holding the generated key when SECRET_KEY is not set (embedded default). */
export const SECRET_KEY_FILE = 'secret.key';

const keys = new Map<string, Buffer>();

/**
 * The 256-bit key that seals stored secrets: derived from SECRET_KEY when set, otherwise read from
 * `DATA_DIR/secret.key`, which is generated once (random, mode 0600) by the first process that needs it.
 */
export function secretKey(config: { secretKey: string | undefined; dataDir: string }): Buffer {
  const id = config.secretKey === undefined ? `file:${config.dataDir}` : `env:${config.secretKey}`;
  let key = keys.get(id);
  if (!key) {
    key = createHash('sha256')
      .update('layerloom secret box v1\0')
      .update(config.secretKey ?? keyFile(config.dataDir))
      .digest();
    keys.set(id, key);
  }
  return key;
}

function keyFile(dataDir: string): string {
  const path = join(dataDir, SECRET_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: never replaces a key another process wrote first (that would orphan every sealed token).
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = readFileSync(path, 'utf8').trim();
  if (text.length < 32) throw new Error(`${path} holds no usable key`);
  return text;
}

/** A sealed secret that cannot be opened with this server's key (SECRET_KEY changed, or tampered with). */
export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
}

/** Seals a secret with AES-256-GCM; `context` (the owner's id) is authenticated, so a sealed value cannot be moved to another row. */
export function seal(key: Buffer, secret: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.');
}

/** Opens what `seal` sealed with the same key and context; throws SecretUnreadableError otherwise. */
export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) {
    throw new SecretUnreadableError('not a sealed secret');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(context))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch (error) {
    throw new SecretUnreadableError('the secret was sealed with another key', { cause: error });
  }
}

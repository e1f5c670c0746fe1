import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** What `layerloom login` keeps: the server and the API key used against it. */
export interface StoredLogin {
  url: string;
  apiKey: string;
}

/**
 * The user's config folder for Layerloom: `LAYERLOOM_CONFIG_DIR` when set, else `%APPDATA%\layerloom`
 * (Windows), `~/Library/Application Support/layerloom` (macOS) or `$XDG_CONFIG_HOME/layerloom`
 * (default `~/.config/layerloom`).
 */
export function configDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.LAYERLOOM_CONFIG_DIR) return env.LAYERLOOM_CONFIG_DIR;
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(homedir(), 'AppData', 'Roaming'), 'layerloom');
  if (platform === 'darwin') return path.join(homedir(), 'Library', 'Application Support', 'layerloom');
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'layerloom');
}

/** The file holding the login (readable by its owner only). */
export function loginFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), 'login.json');
}

/** Stores the login with mode 0600 (folder 0700), replacing the previous one in one rename. */
export async function saveLogin(login: StoredLogin, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const file = loginFile(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile is filtered by the umask; make sure of it.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return file;
}

/** The stored login, or undefined when there is none (or it is unreadable). */
export async function readLogin(env: NodeJS.ProcessEnv = process.env): Promise<StoredLogin | undefined> {
  try {
    const parsed = JSON.parse(await readFile(loginFile(env), 'utf8')) as Partial<StoredLogin>;
    return typeof parsed.url === 'string' && typeof parsed.apiKey === 'string'
      ? { url: parsed.url, apiKey: parsed.apiKey }
      : undefined;
  } catch {
    return undefined;
  }
}

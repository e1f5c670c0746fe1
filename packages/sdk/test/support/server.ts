import { type ServerProcess, startServerProcess } from '@layerloom/server/test/server-process';

/** A real Layerloom server (`packages/server/src/server.ts`, as `npm start` runs it) on a free loopback port. */
export interface RunningServer extends Omit<ServerProcess, 'dataDir'> {
  /** The session cookie of its admin account, to create API keys as a person would in the browser. */
  cookie: string;
}

export const ADMIN = { email: 'admin@sdk.test', password: 'sdk-admin-password-1' };

/** Starts the server from its TypeScript sources (no build needed) with its own data folder; signs the admin in. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const { url, output, stop } = await startServerProcess({
    from: 'source',
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    dataDirPrefix: 'layerloom-sdk-',
    healthPath: '/api/v1/health/live',
    attempts: 600,
    name: 'server',
  });
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!login.ok || !cookie) {
    await stop();
    throw new Error(`The admin could not sign in (${login.status}): ${await login.text()}\n${output()}`);
  }
  return { url, cookie, output, stop };
}

/** Creates an API key in the signed-in admin's account, as Settings › Developers does, and returns its secret. */
export async function createApiKey(
  server: Pick<RunningServer, 'url' | 'cookie'>,
  scopes: string[] = ['read', 'generate', 'publish'],
  name = `SDK test ${scopes.join(' ')}`,
): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: server.cookie },
    body: JSON.stringify({ name, scopes }),
  });
  const body = (await response.json()) as { data?: { secret: string } };
  if (response.status !== 201 || !body.data) {
    throw new Error(`Could not create an API key (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.data.secret;
}

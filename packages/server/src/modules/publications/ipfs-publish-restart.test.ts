import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type KuboStandIn, startKuboStandIn } from '../../../test/support/kubo-stand-in.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createUserAndLogin } from '../../../test/support/users.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { App } from '../../types.ts';

/** The app on a given DATA_DIR (SQLite), as a restarted server would open it. */
function start(dataDir: string): Promise<App> {
  return buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      IPFS_TIMEOUT_MS: '60000',
    }),
    logger: false,
  });
}

describe('an upload to IPFS interrupted by a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-ipfs-restart-'));
  let kubo: KuboStandIn | undefined;
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
    await kubo?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken up again when the server starts, and publishes the collection', async () => {
    kubo = await startKuboStandIn();
    app = await start(dataDir);
    const owner = await createUserAndLogin(app, { planId: 'pro' });
    const collectionId = await createReadyCollection(app, owner.cookie, {
      collectionSize: 2,
      name: 'Restarted',
    });
    const headers = { cookie: owner.cookie };
    const url = `/api/v1/collections/${collectionId}/publication/ipfs`;
    await app.inject({
      method: 'PUT',
      url: '/api/v1/pinning-provider',
      headers,
      payload: { endpoint: kubo.url, token: kubo.token },
    });

    // The provider takes the upload but does not answer.
    kubo.mode = 'hang';
    expect((await app.inject({ method: 'POST', url, headers })).statusCode).toBe(202);
    for (let attempt = 0; attempt < 200; attempt++) {
      const { upload } = (await app.inject({ method: 'GET', url, headers })).json().data;
      // Bytes sent: the provider holds the request open, the server stops meanwhile.
      if (upload.status === 'running' && upload.done > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await app.close();
    app = undefined;

    kubo.mode = 'ok';
    app = await start(dataDir);
    let upload: { status: string } = { status: 'queued' };
    for (
      let attempt = 0;
      attempt < 400 && upload.status !== 'succeeded' && upload.status !== 'failed';
      attempt++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      upload = (await app.inject({ method: 'GET', url, headers })).json().data.upload;
    }
    expect(upload.status).toBe('succeeded');
    const { publication } = (
      await app.inject({ method: 'GET', url: `/api/v1/collections/${collectionId}/publication`, headers })
    ).json().data;
    expect(publication.mode).toBe('ipfs');
    expect(kubo.pinned.size).toBe(2);
  }, 60_000);
});

import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_JOB_ERROR } from '../src/jobs/job-error-message.ts';
import { createFixtureProject } from './support/project-fixture.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUserAndLogin } from './support/users.ts';

describe('a generation that cannot read its files', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await test.close();
  });

  it('fails with a message the user can read: no storage key, path or stack', async () => {
    const user = await createUserAndLogin(test.app, { planId: 'pro' });
    const projectId = await createFixtureProject(test.app, user.cookie, { collectionSize: 4 });
    const traits = join(test.dataDir, 'blobs', 'projects', projectId, 'traits');
    for (const file of await readdir(traits)) await rm(join(traits, file));
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: user.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().data.collection.id;
    let progress: { status: string; error: string | null } = { status: '', error: null };
    for (let attempt = 0; attempt < 200 && progress.status !== 'failed'; attempt++) {
      await setTimeout(50);
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${id}`,
        headers: { cookie: user.cookie },
      });
      progress = response.json().data.collection.progress;
    }
    expect(progress.status).toBe('failed');
    expect(progress.error).toBe(STORAGE_JOB_ERROR);
    expect(progress.error).not.toMatch(/projects\/|blobs|\.png/);
  });
});

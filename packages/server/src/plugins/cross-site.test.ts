import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../test/support/multipart.ts';
import { createFixtureProject } from '../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../test/support/users.ts';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const PUBLIC_URL = 'http://localhost:3000';

describe('cross-site requests on state-changing routes', () => {
  let test: TestApp;
  let victim: LoggedInUser;
  let projectId: string;

  beforeAll(async () => {
    test = await createTestApp('sqlite', { PUBLIC_URL });
    victim = await createUserAndLogin(test.app);
    projectId = await createFixtureProject(test.app, victim.cookie, { collectionSize: 2 });
  });
  afterAll(async () => {
    await test?.close();
  });

  const collections = async () =>
    (
      await test.app.inject({ method: 'GET', url: '/api/v1/collections', headers: { cookie: victim.cookie } })
    ).json().data;

  it("refuses a sibling port's auto-submitted text/plain form that would start a generation", async () => {
    const before = await collections();
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: {
        cookie: victim.cookie,
        origin: 'http://localhost:4000',
        'sec-fetch-site': 'same-site',
        'user-agent': CHROME,
        'content-type': 'text/plain',
      },
      payload: 'x=1',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'FORBIDDEN' });
    expect(response.json().error.message).toContain('http://localhost:4000');
    expect(await collections()).toEqual(before);
  });

  it('refuses a multipart upload from a foreign origin and stores nothing', async () => {
    const project = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${projectId}`,
        headers: { cookie: victim.cookie },
      })
    ).json().data.project;
    const body = multipartFiles([{ filename: 'Evil.png', bytes: Buffer.alloc(100) }]);
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/layers/${project.layers[0].id}/traits`,
      headers: { cookie: victim.cookie, origin: 'https://evil.example', ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(403);
    const after = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${projectId}`,
        headers: { cookie: victim.cookie },
      })
    ).json().data.project;
    expect(after).toEqual(project);
  });

  it('refuses a browser request that names no origin, and an opaque one', async () => {
    for (const headers of [
      { 'user-agent': CHROME },
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'null' },
    ]) {
      const response = await test.app.inject({
        method: 'DELETE',
        url: `/api/v1/projects/${projectId}`,
        headers: { cookie: victim.cookie, ...headers },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const still = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie: victim.cookie },
    });
    expect(still.statusCode).toBe(200);
  });

  it("accepts the app's own pages (public address or the address the request reached) and scripts without a browser", async () => {
    const create = (headers: Record<string, string>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: { cookie: victim.cookie, ...headers },
        payload: { name: 'Own', description: 'd', collectionSize: 1, width: 16, height: 16 },
      });
    const own: Record<string, string>[] = [
      { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin', 'user-agent': CHROME },
      // app.inject reaches the app as http://localhost:80, which a browser writes as http://localhost.
      { origin: 'http://localhost', 'user-agent': CHROME },
      { 'user-agent': 'layerloom-sdk/1.0' },
      // Node's fetch: no Origin, but Sec-Fetch-Mode.
      { 'user-agent': 'node', 'sec-fetch-mode': 'cors' },
      {},
    ];
    for (const headers of own) expect((await create(headers)).statusCode, JSON.stringify(headers)).toBe(201);
  });

  it('leaves reads alone, from anywhere', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example', 'user-agent': CHROME },
    });
    expect(response.statusCode).toBe(200);
  });
});

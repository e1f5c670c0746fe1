import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../test/support/users.ts';

describe.each(databaseKinds)('text with a NUL character on %s', (kind) => {
  let test: TestApp;
  let user: LoggedInUser;
  let admin: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind);
    user = await createUserAndLogin(test.app);
    admin = await createUserAndLogin(test.app, { role: 'admin' });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('is refused with a 400 naming where it is, in an id, a query or a body, and nothing is stored', async () => {
    const inId = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects/%00/generate',
      headers: { cookie: user.cookie },
    });
    expect(inId.statusCode).toBe(400);
    expect(inId.json().error.message).toBe('id: text cannot contain the NUL character');

    // The users list is an admin's: anyone else is refused (403) before the query is looked at.
    const inQuery = await test.app.inject({
      method: 'GET',
      url: '/api/v1/users?status=%00',
      headers: { cookie: admin.cookie },
    });
    expect(inQuery.statusCode).toBe(400);

    const inBody = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: user.cookie },
      payload: { name: 'Loom\u0000Cats', description: '', collectionSize: 1, width: 16, height: 16 },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().error.fields).toEqual([
      { path: 'name', message: 'Text cannot contain the NUL character' },
    ]);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/v1/projects',
      headers: { cookie: user.cookie },
    });
    expect(list.json().data.projects).toEqual([]);
  });
});

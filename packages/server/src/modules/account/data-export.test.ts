import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createFixtureProject, createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser } from '../../../test/support/users.ts';
import { readZip } from '../../../test/support/zip.ts';
import { totpCode } from '../auth/totp.ts';

describe.each(databaseKinds)('download my data on %s', (kind) => {
  let test: TestApp;
  let ada: LoggedInUser;
  let bob: LoggedInUser;
  let projectId: string;
  let collectionId: string;
  let avatar: Buffer;
  let direct: string;
  let support: string;
  let sentImage: Buffer;

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    test.app.inject({ method, url, payload, remoteAddress: freshIp(), headers: cookie ? { cookie } : {} });

  const sendImage = async (user: LoggedInUser, conversationId: string, bytes: Buffer) => {
    const image = multipartFiles([{ filename: 'photo.png', field: 'file', bytes }]);
    const sent = await test.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/images`,
      payload: image.payload,
      headers: { ...image.headers, cookie: user.cookie },
    });
    expect(sent.statusCode).toBe(201);
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    ada = await createUserAndLogin(test.app, { firstName: 'Ada', lastName: 'Lovelace' });
    bob = await createUserAndLogin(test.app, { firstName: 'Bob', lastName: 'Other' });
    await createFixtureProject(test.app, bob.cookie, { collectionSize: 4, name: 'Bob Cats' });
    projectId = await createFixtureProject(test.app, ada.cookie, { collectionSize: 4, name: 'Ada Cats' });
    collectionId = await createReadyCollection(test.app, ada.cookie, { collectionSize: 2, name: 'Ada Drop' });
    const upload = multipartFiles([
      {
        filename: 'me.png',
        field: 'file',
        bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0af' } })
          .png()
          .toBuffer(),
      },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/v1/account/avatar',
      payload: upload.payload,
      headers: { ...upload.headers, cookie: ada.cookie },
    });
    const avatarUrl: string = uploaded.json().data.profile?.user?.avatar ?? uploaded.json().data.user?.avatar;
    avatar = (await call('GET', avatarUrl, ada.cookie)).rawPayload;
    await call('POST', '/api/v1/referrals/invitations', ada.cookie, { email: 'charles@example.com' });
    const checkout = await call('POST', '/api/v1/billing/checkout', ada.cookie, { planId: 'starter' });
    await call(
      'POST',
      `/api/v1/billing/test-checkout/${String(checkout.json().data.url).split('/').pop()}/pay`,
      ada.cookie,
    );
    // Messages: with Bob (her text and image, his text and image), and to support.
    direct = (await call('POST', '/api/v1/conversations', ada.cookie, { to: bob.email })).json().data
      .conversation.id;
    await call('POST', `/api/v1/conversations/${direct}/messages`, ada.cookie, { body: 'Hello Bob' });
    sentImage = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    await sendImage(ada, direct, sentImage);
    await call('POST', `/api/v1/conversations/${direct}/messages`, bob.cookie, { body: 'Hi Ada' });
    await sendImage(bob, direct, avatar);
    support = (await call('POST', '/api/v1/conversations/support', ada.cookie)).json().data.conversation.id;
    await call('POST', `/api/v1/conversations/${support}/messages`, ada.cookie, { body: 'Where is my ZIP?' });
    const { secret } = (await call('POST', '/api/v1/account/two-factor/start', ada.cookie)).json().data;
    await call('POST', '/api/v1/account/two-factor/confirm', ada.cookie, {
      code: totpCode(secret, Date.now()),
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('asks to sign in first', async () => {
    expect((await call('GET', '/api/v1/account/export')).statusCode).toBe(401);
  });

  it("streams a ZIP of the user's data and uploaded files, with nobody else's data and no secrets", async () => {
    const response = await call('GET', '/api/v1/account/export', ada.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="layerloom-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await readZip(response.rawPayload);
    const account = JSON.parse(entries.get('account.json')!.toString());

    expect(account.profile.user).toMatchObject({ _id: ada.id, email: ada.email, name: { first: 'Ada' } });
    expect(account.settings).toEqual({ notifications: expect.any(Object), twoFactorEnabled: true });
    expect(account.sessions).toHaveLength(1);
    // Her layers project, and the one her collection was generated from.
    expect(account.projects.map((project: { name: string }) => project.name).sort()).toEqual([
      'Ada Cats',
      'Ada Drop',
    ]);
    expect(account.collections).toEqual([
      expect.objectContaining({
        id: collectionId,
        name: 'Ada Drop',
        link: expect.stringContaining(`/dashboard/collections/${collectionId}`),
      }),
    ]);
    expect(account.billing.payments).toEqual([expect.objectContaining({ planId: 'starter' })]);
    expect(account.referrals.referrals).toEqual([expect.objectContaining({ email: 'charles@example.com' })]);
    // Her bell: the collection ready and the plan she bought, with their links.
    expect(account.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'generation_finished',
          title: '“Ada Drop” is ready',
          link: expect.stringContaining(`/dashboard/collections/${collectionId}`),
        }),
        expect.objectContaining({ kind: 'plan_changed', title: 'Your plan is now Starter' }),
      ]),
    );

    // The files: the avatar, and every layer image of her project, each where account.json says.
    expect(entries.get(account.profile.user.avatar)).toEqual(avatar);
    type ExportedProject = { id: string; layers: { traits: { file: string }[] }[] };
    const traitFiles = (project: ExportedProject) =>
      project.layers.flatMap((layer) => layer.traits.map((trait) => trait.file));
    const adaCats = account.projects.find((project: ExportedProject) => project.id === projectId);
    expect(traitFiles(adaCats)).toHaveLength(9);
    const allTraitFiles = account.projects.flatMap(traitFiles);
    for (const file of allTraitFiles) {
      expect(file).toMatch(/^files\/projects\/[0-9a-f-]{36}\/[^/]+\.png$/);
      expect((await sharp(entries.get(file)!).metadata()).format).toBe('png');
    }
    // Her conversations with every message as she reads them; Bob by name only, and her image alone.
    const messages = JSON.parse(entries.get('messages.json')!.toString());
    expect(messages.conversations).toEqual([
      expect.objectContaining({ id: direct, kind: 'direct', with: 'Bob Other' }),
      expect.objectContaining({ id: support, kind: 'support', with: 'Layerloom support' }),
    ]);
    const [withBob, withSupport] = messages.conversations;
    expect(withBob.link).toMatch(new RegExp(`/dashboard/messages/${direct}$`));
    type ExportedMessage = {
      from: string;
      mine: boolean;
      body: string;
      image: { file: string | null } | null;
    };
    expect(
      withBob.messages.map(({ from, mine, body, image }: ExportedMessage) => ({ from, mine, body, image })),
    ).toEqual([
      { from: 'me', mine: true, body: 'Hello Bob', image: null },
      {
        from: 'me',
        mine: true,
        body: '',
        image: { file: expect.stringMatching(new RegExp(`^files/messages/${direct}/[0-9a-f-]{36}\\.png$`)) },
      },
      { from: 'Bob Other', mine: false, body: 'Hi Ada', image: null },
      {
        from: 'Bob Other',
        mine: false,
        body: '',
        image: { file: null, note: 'Sent by Bob Other: not included' },
      },
    ]);
    const imageFile = withBob.messages[1].image.file;
    expect(entries.get(imageFile)).toEqual(sentImage);
    expect(withSupport.messages).toEqual([expect.objectContaining({ from: 'me', body: 'Where is my ZIP?' })]);
    expect([...entries.keys()].sort()).toEqual(
      ['account.json', 'messages.json', account.profile.user.avatar, imageFile, ...allTraitFiles].sort(),
    );

    // Nobody else's data, and no password hash, two-factor secret, session token or blob key.
    const text = `${entries.get('account.json')!.toString()}${entries.get('messages.json')!.toString()}`;
    for (const other of [bob.id, bob.email, 'Bob Cats']) expect(text).not.toContain(other);
    for (const secret of [
      /password/i,
      /secret/i,
      /_hash|Hash"/,
      /\$argon2/,
      /"token"/,
      /"key"/,
      /"projects\//,
    ]) {
      expect(text).not.toMatch(secret);
    }
  });

  it('lets a user export a few times an hour, then says when to try again', async () => {
    // One export was made above; two more are allowed, then a 429 that writes nothing.
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await call('GET', '/api/v1/account/export', ada.cookie)).statusCode).toBe(200);
    }
    const refused = await call('GET', '/api/v1/account/export', ada.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(
      /^You can download your data 3 times an hour\. Try again in \d+ minutes?\.$/,
    );
    // Another user has their own allowance.
    expect((await call('GET', '/api/v1/account/export', bob.cookie)).statusCode).toBe(200);
  });
});

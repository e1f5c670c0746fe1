import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

async function dataUrl(color: string, format: 'png' | 'jpeg' = 'png') {
  const bytes = await sharp({ create: { width: 32, height: 32, channels: 4, background: color } })
    .toFormat(format)
    .toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

describe.each(databaseKinds)('the spec’s /api/v1/nft calls on %s', (kind) => {
  let test: TestApp;
  let user: LoggedInUser;
  let other: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind);
    user = await createUserAndLogin(test.app, { planId: 'starter' });
    other = await createUserAndLogin(test.app);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function request(body: object) {
    return {
      projectName: 'Spec Cats',
      discription: 'Spelled as the spec spells it',
      collectionSize: '4',
      width: 32,
      height: '32',
      userId: user.id,
      Layers: [
        {
          name: 'Background',
          images: [
            { imageName: 'Blue.png', _d: await dataUrl('#0000ff') },
            { imageName: 'Red', _d: await dataUrl('#ff0000', 'jpeg') },
          ],
        },
        {
          name: 'Eyes',
          images: [
            { imageName: 'Dots.png', _d: await dataUrl('#00000080') },
            { imageName: 'Wide.png', _d: await dataUrl('#ffffff80') },
          ],
        },
      ],
      ...body,
    };
  }

  async function waitUntilReady(collectionId: string) {
    await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/events`,
      headers: { cookie: user.cookie },
    });
  }

  it('generates from data-URL layers, then lists the thumbnail and shows the collection', async () => {
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/generate',
      headers: { cookie: user.cookie },
      payload: await request({}),
    });
    expect(started.statusCode).toBe(202);
    const { collectionId, projectId } = started.json().data;
    const project = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${projectId}`,
        headers: { cookie: user.cookie },
      })
    ).json().data.project;
    expect(project).toMatchObject({
      name: 'Spec Cats',
      description: 'Spelled as the spec spells it',
      collectionSize: 4,
    });
    expect(project.layers[0].traits.map((trait: { name: string }) => trait.name)).toEqual(['Blue', 'Red']);
    await waitUntilReady(collectionId);

    const thumbnails = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/get-thumbnails',
      headers: { cookie: user.cookie },
      payload: { id: user.id },
    });
    expect(thumbnails.json()).toEqual({
      status: 'success',
      message: [
        {
          thumbnail: `/api/v1/collections/${collectionId}/images/1.png`,
          collectionRef: collectionId,
          collectionName: 'Spec Cats',
        },
      ],
    });
    const collection = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/get-collection',
      headers: { cookie: user.cookie },
      payload: { collection_id: collectionId },
    });
    expect(collection.json()).toMatchObject({
      status: 'success',
      Error: false,
      message: { collectionName: 'Spec Cats', discription: 'Spelled as the spec spells it' },
    });
    expect(collection.json().message.images).toHaveLength(4);
  }, 30_000);

  it('accepts description instead of discription', async () => {
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/generate',
      headers: { cookie: user.cookie },
      payload: await request({ discription: undefined, description: 'Modern spelling', collectionSize: 2 }),
    });
    expect(started.statusCode).toBe(202);
    await waitUntilReady(started.json().data.collectionId);
  }, 30_000);

  it("keeps users to their own: another userId is refused, others' collections are not shown", async () => {
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/generate',
      headers: { cookie: other.cookie },
      payload: await request({}),
    });
    expect(forged.statusCode).toBe(403);
    const peek = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/get-thumbnails',
      headers: { cookie: other.cookie },
      payload: { id: user.id },
    });
    expect(peek.statusCode).toBe(403);
    const own = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/get-thumbnails',
      headers: { cookie: other.cookie },
      payload: { id: other.id },
    });
    expect(own.json().message).toEqual([]);
    const [theirs] = (
      await test.app.inject({
        method: 'POST',
        url: '/api/v1/nft/get-thumbnails',
        headers: { cookie: user.cookie },
        payload: { id: user.id },
      })
    ).json().message;
    const stolen = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/get-collection',
      headers: { cookie: other.cookie },
      payload: { collection_id: theirs.collectionRef },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ status: 'error', Error: true });
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/v1/nft/get-thumbnails', payload: { id: user.id } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses bad requests and keeps nothing of them', async () => {
    const projectsBefore = (
      await test.app.inject({ method: 'GET', url: '/api/v1/projects', headers: { cookie: user.cookie } })
    ).json().data.projects.length;
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/generate',
      headers: { cookie: user.cookie },
      payload: { userId: user.id, Layers: [] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((field: { path: string }) => field.path)).toEqual(
      expect.arrayContaining(['projectName', 'collectionSize', 'width', 'height', 'Layers']),
    );
    const tooMany = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/generate',
      headers: { cookie: user.cookie },
      payload: await request({ collectionSize: 5 }),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/Only 4 unique combinations/);
    const badImage = await test.app.inject({
      method: 'POST',
      url: '/api/v1/nft/generate',
      headers: { cookie: user.cookie },
      payload: await request({
        Layers: [
          {
            name: 'Body',
            images: [
              {
                imageName: 'fake.png',
                _d: `data:image/png;base64,${Buffer.from('not an image but long enough to pass the size floor of sixty-four bytes').toString('base64')}`,
              },
            ],
          },
        ],
      }),
    });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().error.message).toMatch(/File type is not supported: fake\.png/);
    const projectsAfter = (
      await test.app.inject({ method: 'GET', url: '/api/v1/projects', headers: { cookie: user.cookie } })
    ).json().data.projects.length;
    expect(projectsAfter).toBe(projectsBefore);
  });
});

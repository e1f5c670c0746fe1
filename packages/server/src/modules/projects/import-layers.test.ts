import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { storedZip } from '../../../test/support/zip.ts';

const png = (color: string) =>
  sharp({ create: { width: 16, height: 16, channels: 4, background: color } })
    .png()
    .toBuffer();

describe.each(databaseKinds)('importing a HashLips layers ZIP on %s', (kind) => {
  let test: TestApp;
  let user: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind);
    user = await createUserAndLogin(test.app);
  });
  afterAll(async () => {
    await test?.close();
  });

  async function project() {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: user.cookie },
      payload: { name: 'Zip', collectionSize: 2, width: 16, height: 16 },
    });
    return response.json().data.project.id as string;
  }

  function send(id: string, zip: Buffer, filename = 'layers.zip') {
    const body = multipartFiles([{ filename, bytes: zip, field: 'file' }]);
    return test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/import-layers`,
      headers: { cookie: user.cookie, ...body.headers },
      payload: body.payload,
    });
  }

  it('turns numbered layer folders into ordered layers and Name#weight files into traits', async () => {
    const id = await project();
    const zip = storedZip([
      { name: 'layers/02_Eyes/Wide#5.png', data: await png('#ffffff') },
      { name: 'layers/01_Background/Sky#70.png', data: await png('#87ceeb') },
      { name: 'layers/01_Background/Night#30.png', data: await png('#101030') },
      { name: 'layers/.DS_Store', data: Buffer.from('junk') },
      { name: '__MACOSX/layers/._x', data: Buffer.from('junk') },
    ]);
    const response = await send(id, zip);
    expect(response.statusCode).toBe(201);
    const layers = response.json().data.project.layers;
    expect(layers.map((layer: { name: string }) => layer.name)).toEqual(['Background', 'Eyes']);
    expect(
      layers[0].traits.map((trait: { name: string; weight: number }) => [trait.name, trait.weight]),
    ).toEqual([
      ['Night', 30],
      ['Sky', 70],
    ]);
  });

  it('refuses paths that climb out, bad images and non-ZIP files, keeping the project as it was', async () => {
    const id = await project();
    const climb = await send(id, storedZip([{ name: '../evil/Hat.png', data: await png('#000000') }]));
    expect(climb.statusCode).toBe(400);
    expect(climb.json().error.message).toMatch(/must stay inside/);
    const bad = await send(
      id,
      storedZip([
        { name: 'Body/Good.png', data: await png('#00ff00') },
        {
          name: 'Hat/Fake.png',
          data: Buffer.from('definitely not a png file, just text that is long enough for the size floor'),
        },
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Fake\.png/);
    const notZip = await send(id, Buffer.from('hello'), 'layers.zip');
    expect(notZip.statusCode).toBe(400);
    const wrongType = await send(id, Buffer.from('hello'), 'layers.rar');
    expect(wrongType.statusCode).toBe(400);
    const after = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: user.cookie },
    });
    expect(after.json().data.project.layers).toEqual([]);
    const keys: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${id}`)) keys.push(key);
    expect(keys).toEqual([]);
  });

  it("answers 401 without a session and 404 for another user's project, storing nothing", async () => {
    const id = await project();
    const zip = storedZip([{ name: 'Body/Blue.png', data: await png('#0000ff') }]);
    const body = multipartFiles([{ filename: 'layers.zip', bytes: zip, field: 'file' }]);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/import-layers`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await createUserAndLogin(test.app);
    const foreign = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/import-layers`,
      headers: { cookie: stranger.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(foreign.statusCode).toBe(404);
    const keys: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${id}`)) keys.push(key);
    expect(keys).toEqual([]);
  });
});

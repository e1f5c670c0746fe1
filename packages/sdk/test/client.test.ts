import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  GenerationFailedError,
  type GenerationProgress,
  Layerloom,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
  RateLimitError,
  ServerError,
} from '../src/index.ts';
import { squarePng } from './support/png.ts';
import { createApiKey } from './support/server.ts';

const url = inject('layerloomUrl');
const session = { url, cookie: inject('adminCookie') };

/** A project with two layers of uploaded traits, through the SDK: one from a stream, the others as Blobs. */
async function smallProject(layerloom: Layerloom, collectionSize: number) {
  const project = await layerloom.projects.create({
    name: 'SDK test',
    collectionSize,
    width: 32,
    height: 32,
  });
  const withLayers = await layerloom.projects.update(project.id, {
    layers: [{ name: 'Background' }, { name: 'Dot' }],
  });
  const [background, dot] = withLayers.layers;
  await layerloom.projects.uploadTraits(project.id, background!.id, [
    new File([squarePng(32, [200, 30, 30, 255])], 'Red#50.png', { type: 'image/png' }),
    {
      name: 'Blue#50.png',
      data: new Blob([squarePng(32, [30, 30, 200, 255])]).stream(),
    },
  ]);
  const { added } = await layerloom.projects.uploadTraits(project.id, dot!.id, [
    { name: 'Left#1.png', data: squarePng(32, [255, 255, 255, 255], 2, 2, 8) },
    { name: 'Right#1.png', data: squarePng(32, [0, 0, 0, 255], 20, 20, 8) },
  ]);
  return { project, added };
}

describe('the SDK against a real server', () => {
  let layerloom: Layerloom;

  beforeAll(async () => {
    layerloom = new Layerloom({ apiKey: await createApiKey(session), baseUrl: url });
  });

  it('throws typed errors carrying the code, message and fields the API answered', async () => {
    const invalid = await layerloom.projects
      .create({ name: '', collectionSize: 0, width: 8, height: 32 })
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect(invalid).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      request: 'POST /api/v1/projects',
    });
    expect((invalid as BadRequestError).fields.map((field) => field.path).sort()).toEqual(
      ['collectionSize', 'name', 'width'].sort(),
    );

    const missing = await layerloom.collections.get('no-such-collection').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });

    const wrongKey = new Layerloom({ apiKey: 'll_live_not-a-real-key', baseUrl: url });
    const unknown = await wrongKey.projects.list().catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(AuthenticationError);
    expect(unknown).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    const readOnly = new Layerloom({ apiKey: await createApiKey(session, ['read']), baseUrl: url });
    const denied = await readOnly.projects
      .create({ name: 'Nope', collectionSize: 1, width: 32, height: 32 })
      .catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect((denied as PermissionDeniedError).message).toMatch(/lacks the Generate scope/);
    expect(await readOnly.projects.list()).toEqual(await layerloom.projects.list());
  });

  it('saves onto the version a change is based on, and throws PreconditionFailedError when someone saved since', async () => {
    const project = await layerloom.projects.create({
      name: 'Versions',
      collectionSize: 2,
      width: 32,
      height: 32,
    });
    const renamed = await layerloom.projects.update(
      project.id,
      { name: 'Renamed' },
      { ifVersion: project.version },
    );
    expect(renamed).toMatchObject({ name: 'Renamed', version: project.version + 1 });

    const stale = await layerloom.projects
      .update(project.id, { description: 'From an old copy' }, { ifVersion: project.version })
      .catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(PreconditionFailedError);
    expect(stale).toMatchObject({ status: 412, code: 'PRECONDITION_FAILED' });
    expect((stale as PreconditionFailedError).message).toMatch(/saved this project after you opened it/);
    expect(await layerloom.projects.get(project.id)).toMatchObject({
      name: 'Renamed',
      description: renamed.description,
      version: renamed.version,
    });
  });

  it("asks for a deployment's source verification again, and names what it could not find", async () => {
    const missing = await layerloom.deployments
      .retrySourceVerification('no-such-collection', 'no-such-deployment')
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({
      status: 404,
      message: 'Collection not found',
      request:
        'POST /api/v1/collections/no-such-collection/deployments/no-such-deployment/source-verification',
    });
    // The royalty splitter's verification is asked for by name.
    const urls: string[] = [];
    const recording = new Layerloom({
      apiKey: await createApiKey(session),
      baseUrl: url,
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    const splitter = await recording.deployments
      .retrySourceVerification('no-such-collection', 'no-such-deployment', { contract: 'royaltySplitter' })
      .catch((error: unknown) => error);
    expect(splitter).toBeInstanceOf(NotFoundError);
    expect(urls).toEqual([
      `${url}/api/v1/collections/no-such-collection/deployments/no-such-deployment/source-verification?contract=royaltySplitter`,
    ]);
  });

  it('follows a generation through its server-sent events to 100 %, then lists its tokens', async () => {
    const { project, added } = await smallProject(layerloom, 4);
    expect(added.map((trait) => trait.name)).toEqual(['Left', 'Right']);
    const preview = await layerloom.projects.preview(project.id, { size: 64 });
    expect(preview.type).toBe('image/png');
    expect(new Uint8Array(await preview.arrayBuffer()).subarray(1, 4)).toEqual(
      new TextEncoder().encode('PNG'),
    );

    const collection = await layerloom.collections.generate(project.id);
    expect(collection.progress.status).toBe('generating');
    const seen: GenerationProgress[] = [];
    for await (const progress of layerloom.collections.progress(collection.id)) seen.push(progress);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ status: 'ready', done: 4, total: 4, error: null });
    expect(seen.slice(0, -1).every((progress) => progress.status === 'generating')).toBe(true);
    const done = seen.map((progress) => progress.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));

    // Following a finished collection yields its final state at once.
    const again: GenerationProgress[] = [];
    for await (const progress of layerloom.collections.progress(collection.id)) again.push(progress);
    expect(again).toEqual([last]);
    expect((await layerloom.collections.wait(collection.id)).progress.status).toBe('ready');

    const page = await layerloom.collections.tokens(collection.id, { pageSize: 2, sort: 'rarity' });
    expect(page.total).toBe(4);
    expect(page.tokens).toHaveLength(2);
    expect(Object.keys(page.traits)).toEqual(expect.arrayContaining(['Background', 'Dot']));
    expect((await layerloom.collections.list()).map((item) => item.id)).toContain(collection.id);

    // Its look-alike groups (two dots on four tokens: each token its own picture).
    const looks = await layerloom.collections.lookAlikes(collection.id);
    expect(looks.available).toBe(true);
    expect(looks.groups).toEqual([]);
  });

  it('asks for "Every token looks different" when told: the collection is made and has no look-alikes', async () => {
    const { project } = await smallProject(layerloom, 4);
    const collection = await layerloom.collections.generate(project.id, { distinctLooks: true });
    const done = await layerloom.collections.wait(collection.id);
    expect(done.progress).toMatchObject({ status: 'ready', done: 4 });
    expect((await layerloom.collections.lookAlikes(collection.id)).groups).toEqual([]);
  });

  it('ends the progress with GenerationFailedError when the generation is cancelled', async () => {
    const { project } = await smallProject(layerloom, 4);
    const collection = await layerloom.collections.generate(project.id);
    await layerloom.collections.cancel(collection.id).catch(() => undefined);
    const outcome = await layerloom.collections.wait(collection.id).catch((error: unknown) => error);
    // A generation this small may finish before the cancel lands: then it is simply ready.
    if (outcome instanceof GenerationFailedError) {
      expect(outcome.progress.status).toBe('cancelled');
      expect(outcome.collectionId).toBe(collection.id);
    } else {
      expect(outcome).toMatchObject({ id: collection.id, progress: { status: 'ready' } });
    }
  });

  it('gives up at once with RateLimitError when the Retry-After is longer than it may wait', async () => {
    const limited = new Layerloom({
      apiKey: await createApiKey(session, ['read'], 'Rate limited'),
      baseUrl: url,
      maxRetryDelayMs: 1000,
    });
    let error: unknown;
    // The server is started with 60 requests per key per minute.
    for (let request = 0; request < 61 && !error; request++) {
      error = await limited.projects.list().then(
        () => undefined,
        (caught: unknown) => caught,
      );
    }
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((error as RateLimitError).retryAfterSeconds).toBeGreaterThan(1);
  });

  it('manages webhook endpoints with a webhooks key, verifies a signed test delivery and refuses a tampered one', async () => {
    const received: { body: string; headers: IncomingMessage['headers'] }[] = [];
    const receiver = await listen((request, body) => received.push({ body, headers: request.headers }));
    // The read/generate/publish key of the other tests cannot reach them: the scope is never implied.
    await expect(layerloom.webhooks.list()).rejects.toBeInstanceOf(PermissionDeniedError);
    const hooks = new Layerloom({ apiKey: await createApiKey(session, ['webhooks']), baseUrl: url }).webhooks;
    try {
      const { endpoint, secret } = await hooks.create({ url: receiver.url, events: ['generation.finished'] });
      expect(secret).toMatch(/^whsec_/);
      expect(endpoint).toMatchObject({ url: receiver.url, events: ['generation.finished'], enabled: true });
      expect((await hooks.list()).map((item) => item.id)).toContain(endpoint.id);
      expect(
        await hooks.update(endpoint.id, { events: ['generation.finished', 'generation.failed'] }),
      ).toMatchObject({ id: endpoint.id, events: ['generation.finished', 'generation.failed'] });

      const queued = await hooks.sendTest(endpoint.id);
      expect(queued.eventType).toBe('webhook.test');
      // The endpoint also hears `generation.finished` from the other tests' generations, whenever they end:
      // the test event is told apart by its id, and arrives once.
      const ofTest = () =>
        received.filter((item) => (JSON.parse(item.body) as { id: string }).id === queued.id);
      await expect.poll(() => ofTest().length, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(
          async () => (await hooks.deliveries(endpoint.id)).find((item) => item.id === queued.id)?.status,
          {
            timeout: 15_000,
          },
        )
        .toBe('succeeded');
      const delivery = ofTest()[0]!;
      const event = await hooks.verify(
        { body: delivery.body, headers: delivery.headers as Record<string, string> },
        { secret },
      );
      expect(event.type).toBe('webhook.test');
      await expect(
        hooks.verify(
          {
            body: delivery.body.replace('webhook.test', 'webhook.tesT'),
            headers: delivery.headers as Record<string, string>,
          },
          { secret },
        ),
      ).rejects.toThrow('No webhook signature matches');

      await hooks.delete(endpoint.id);
      expect((await hooks.list()).map((item) => item.id)).not.toContain(endpoint.id);
      await expect(hooks.deliveries(endpoint.id)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      await receiver.close();
    }
  });
});

describe('retries', () => {
  const answers: { status: number; headers?: Record<string, string> }[] = [];
  const arrivals: { method: string; at: number }[] = [];
  let stub: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    stub = await listen((request, _body, response) => {
      arrivals.push({ method: request.method ?? '', at: performance.now() });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(
        answer.status === 200
          ? JSON.stringify({ status: 'success', data: { projects: [] } })
          : JSON.stringify({
              status: 'error',
              error: { code: answer.status === 429 ? 'RATE_LIMITED' : 'UNAVAILABLE', message: 'Wait' },
            }),
      );
    });
  });
  afterAll(() => stub.close());

  it('retries an idempotent request answered 429 after the Retry-After it was given', async () => {
    arrivals.length = 0;
    answers.push({ status: 429, headers: { 'retry-after': '1' } }, { status: 503 });
    const client = new Layerloom({ apiKey: 'll_live_x', baseUrl: stub.url });
    expect(await client.projects.list()).toEqual([]);
    expect(arrivals).toHaveLength(3);
    // At least the second asked for: 1 s (a lower bound only, whatever the machine's load).
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(990);
  });

  it('does not repeat a POST, and stops after maxRetries', async () => {
    arrivals.length = 0;
    answers.push({ status: 429, headers: { 'retry-after': '0' } });
    const client = new Layerloom({ apiKey: 'll_live_x', baseUrl: stub.url, maxRetries: 1 });
    await expect(
      client.projects.create({ name: 'x', collectionSize: 1, width: 16, height: 16 }),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(arrivals.map((arrival) => arrival.method)).toEqual(['POST']);

    arrivals.length = 0;
    answers.push(
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 503, headers: { 'retry-after': '0' } },
    );
    await expect(client.projects.list()).rejects.toBeInstanceOf(ServerError);
    expect(arrivals).toHaveLength(2);
  });
});

describe('downloadTo against the real server', () => {
  it('resumes a half-downloaded file with a range of the rest, and starts over when the part is of another file', async () => {
    const layerloom = new Layerloom({ apiKey: await createApiKey(session), baseUrl: url });
    const { project } = await smallProject(layerloom, 4);
    const collection = await layerloom.collections.wait(
      (await layerloom.collections.generate(project.id)).id,
    );
    const folder = mkdtempSync(join(tmpdir(), 'layerloom-resume-'));
    try {
      const to = join(folder, 'collection.zip');
      const first = await layerloom.collections.downloadTo(collection.id, { to });
      expect(first.resumed).toBe(false);
      const whole = readFileSync(to);
      expect(whole.subarray(0, 2).toString()).toBe('PK');

      // What an interrupted download leaves: half the file, and the ETag it had.
      const half = Math.floor(whole.length / 2);
      const etag = (
        await fetch(`${url}/api/v1/collections/${collection.id}/download/zip`, {
          method: 'HEAD',
          headers: { authorization: `Bearer ${await createApiKey(session, ['read'])}` },
        })
      ).headers.get('etag');
      expect(etag).toMatch(/^"/);
      rmSync(to);
      writeFileSync(`${to}.part`, whole.subarray(0, half));
      writeFileSync(`${to}.part.etag`, etag!);
      const seen: { received: number; total: number | null }[] = [];
      const resumed = await layerloom.collections.downloadTo(collection.id, {
        to,
        onProgress: (progress) => seen.push(progress),
      });
      expect(resumed).toEqual({ path: to, bytes: whole.length, resumed: true });
      // Only the rest came over the wire: the first chunk already counts the half on disk.
      expect(seen[0]!.received).toBeGreaterThan(half);
      expect(seen.at(-1)).toEqual({ received: whole.length, total: whole.length });
      expect(readFileSync(to).equals(whole)).toBe(true);
      expect(() => readFileSync(`${to}.part.etag`)).toThrow();

      // A part that is already the whole file (only the rename was missing): the server answers 416 and
      // the part is kept as the file.
      writeFileSync(`${to}.part`, whole);
      writeFileSync(`${to}.part.etag`, etag!);
      expect(await layerloom.collections.downloadTo(collection.id, { to })).toEqual({
        path: to,
        bytes: whole.length,
        resumed: true,
      });
      expect(readFileSync(to).equals(whole)).toBe(true);

      // A part of some other file (its ETag differs): the server sends this one whole, nothing is spliced.
      writeFileSync(`${to}.part`, Buffer.alloc(half, 1));
      writeFileSync(`${to}.part.etag`, '"0-0"');
      const restarted = await layerloom.collections.downloadTo(collection.id, { to });
      expect(restarted).toEqual({ path: to, bytes: whole.length, resumed: false });
      expect(readFileSync(to).equals(whole)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

async function listen(
  handle: (request: IncomingMessage, body: string, response: import('node:http').ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      handle(request, body, response);
      if (!response.headersSent) response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

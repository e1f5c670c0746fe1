import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const PUBLIC_URL = 'https://drops.example.com';

const settings = {
  title: 'Night Cats: the drop',
  description: 'Cats that come out at night.',
  links: {
    website: 'https://nightcats.example',
    x: 'https://x.com/nightcats',
    discord: 'https://discord.gg/nightcats',
  },
  accentColor: '#E4572E',
  banner: null as string | null,
  logo: null as string | null,
  gallery: { mode: 'chosen', tokenIds: [3, 1] },
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e4572e' } })
    .png()
    .toBuffer();

describe.each(databaseKinds)('the mint page editor on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let stranger: LoggedInUser;
  let web: string;
  let collectionId: string;

  const as = (user: LoggedInUser | null) => ({
    get: (url: string) =>
      test.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} }),
    put: (url: string, payload: unknown) =>
      test.app.inject({
        method: 'PUT',
        url,
        payload: payload as object,
        headers: user ? { cookie: user.cookie } : {},
      }),
    upload: (url: string, filename: string, bytes: Uint8Array) => {
      const body = multipartFiles([{ filename, bytes, field: 'file' }]);
      return test.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) },
      });
    },
  });
  const pageUrl = () => `/api/v1/collections/${collectionId}/mint-page`;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Layerloom" /><title>Layerloom</title></head><body><div id="root"></div></body></html>',
    );
    test = await createTestApp(kind, { PUBLIC_URL, WEB_DIST: web });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    stranger = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Night Cats',
    });
  }, 90_000);
  afterAll(async () => {
    await test?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('is for the owner only: anyone else is told the collection does not exist', async () => {
    for (const response of [
      await as(null).get(pageUrl()),
      await as(null).put(pageUrl(), settings),
      await as(null).upload(`${pageUrl()}/logo`, 'logo.png', await png(300, 300)),
      await as(null).get(`${pageUrl()}/images/collage.webp`),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    for (const response of [
      await as(stranger).get(pageUrl()),
      await as(stranger).put(pageUrl(), settings),
      await as(stranger).upload(`${pageUrl()}/banner`, 'banner.png', await png(800, 300)),
      await as(stranger).get(`${pageUrl()}/images/collage.webp`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Collection not found');
    }
    const page = (await as(owner).get(pageUrl())).json().data.page;
    expect(page).toMatchObject({
      collectionName: 'Night Cats',
      slug: null,
      updatedAt: null,
      settings: {
        title: '',
        links: { website: null, x: null, discord: null },
        accentColor: null,
        banner: null,
        gallery: { mode: 'first', count: 3 },
      },
    });
  });

  it('refuses a bad colour, link, gallery or image naming the field, and writes nothing', async () => {
    const refused = async (payload: unknown, field: string, message: RegExp) => {
      const response = await as(owner).put(pageUrl(), payload);
      expect(response.statusCode).toBe(400);
      const { fields } = response.json().error;
      expect(fields.map((f: { path: string }) => f.path)).toContain(field);
      expect(fields.find((f: { path: string }) => f.path === field).message).toMatch(message);
    };
    await refused({ ...settings, accentColor: 'orange' }, 'accentColor', /hex colour like #7c3aed/);
    await refused({ ...settings, accentColor: '#12345' }, 'accentColor', /hex colour/);
    await refused(
      { ...settings, links: { ...settings.links, website: 'http://nightcats.example' } },
      'links.website',
      /https/,
    );
    await refused(
      { ...settings, links: { ...settings.links, website: 'javascript:alert(1)' } },
      'links.website',
      /https/,
    );
    await refused(
      { ...settings, links: { ...settings.links, x: 'https://evil.example/nightcats' } },
      'links.x',
      /x\.com or twitter\.com/,
    );
    await refused(
      { ...settings, links: { ...settings.links, discord: 'not a link' } },
      'links.discord',
      /https:\/\//,
    );
    await refused(
      { ...settings, gallery: { mode: 'chosen', tokenIds: [1, 9] } },
      'gallery.tokenIds',
      /No token #9/,
    );
    await refused(
      { ...settings, banner: `banner-${'0'.repeat(24)}.webp` },
      'banner',
      /Upload the banner again/,
    );

    const text = await as(owner).upload(
      `${pageUrl()}/banner`,
      'banner.png',
      Buffer.from('not an image '.repeat(20)),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({
      message: 'The banner is not a supported image (use PNG, JPEG, GIF or WebP)',
      fields: [{ path: 'banner' }],
    });
    const cut = (await png(400, 400)).subarray(0, 200);
    const truncated = await as(owner).upload(`${pageUrl()}/logo`, 'logo.png', cut);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.fields[0].path).toBe('logo');
    const huge = await as(owner).upload(
      `${pageUrl()}/banner`,
      'banner.png',
      Buffer.alloc(9 * 1024 * 1024, 1),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({
      message: 'The banner is too big: at most 8 MB',
      fields: [{ path: 'banner' }],
    });

    const page = (await as(owner).get(pageUrl())).json().data.page;
    expect(page.updatedAt).toBeNull();
    expect(page.settings.accentColor).toBeNull();
  });

  it('publishes the saved page: data, images, banner and title in the share tags', async () => {
    const banner = await as(owner).upload(`${pageUrl()}/banner`, 'banner.jpg', await png(2400, 900));
    expect(banner.statusCode).toBe(201);
    const bannerImage = banner.json().data.image;
    expect(bannerImage.name).toMatch(/^banner-[0-9a-f]{24}\.webp$/);
    const stored = await as(owner).get(bannerImage.url);
    expect(stored.headers['content-type']).toBe('image/webp');
    // Resized to fit 1600 × 800 and stored as WebP.
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 600,
    });
    const logo = (await as(owner).upload(`${pageUrl()}/logo`, 'logo.png', await png(600, 400))).json().data
      .image;
    expect(await sharp((await as(owner).get(logo.url)).rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });
    // The default banner: the collection's collage in full rows (3 tokens: one row of three 200 px tiles).
    const collage = await as(owner).get(`${pageUrl()}/images/collage.webp`);
    expect(await sharp(collage.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 600,
      height: 200,
    });

    // Saved before publishing: the page is not public.
    const saved = await as(owner).put(pageUrl(), { ...settings, banner: bannerImage.name, logo: logo.name });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.page.settings).toMatchObject({
      accentColor: '#e4572e',
      banner: bannerImage.name,
    });
    expect(saved.json().data.page.slug).toBeNull();

    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    const slug: string = published.json().data.publication.slug;
    const drop = (await as(null).get(`/api/v1/drops/${slug}`)).json().data.drop;
    const imageBase = `${PUBLIC_URL}/api/v1/drops/${slug}/images/`;
    expect(drop).toMatchObject({
      name: 'Night Cats',
      description: 'Cats that come out at night.',
      images: [3, 1].map((id) => `${PUBLIC_URL}/hosted/${slug}/images/${id}.png`),
      imageTokenIds: [3, 1],
      page: {
        title: 'Night Cats: the drop',
        bannerUrl: `${imageBase}${bannerImage.name}`,
        logoUrl: `${imageBase}${logo.name}`,
        accentColor: '#e4572e',
        links: settings.links,
      },
    });
    const publicBanner = await as(null).get(`/api/v1/drops/${slug}/images/${bannerImage.name}`);
    expect(publicBanner.statusCode).toBe(200);
    expect(publicBanner.headers['cache-control']).toContain('immutable');
    expect(publicBanner.rawPayload.equals(stored.rawPayload)).toBe(true);
    // Narrower copies were made once, at upload, for phones and tablets; each is immutable with an ETag.
    for (const width of [640, 1024]) {
      const name = bannerImage.name.replace('.webp', `-${width}.webp`);
      expect(await test.app.blobs.stat(`collections/${collectionId}/mint-page/${name}`)).toBeDefined();
      const copy = await as(null).get(`/api/v1/drops/${slug}/images/${name}`);
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
      expect(copy.rawPayload.length).toBeLessThan(publicBanner.rawPayload.length);
      const revisit = await test.app.inject({
        method: 'GET',
        url: `/api/v1/drops/${slug}/images/${name}`,
        headers: { 'if-none-match': String(copy.headers.etag) },
      });
      expect(revisit.statusCode).toBe(304);
      expect(revisit.rawPayload.length).toBe(0);
    }
    expect(
      (await as(null).get(`/api/v1/drops/${slug}/images/${logo.name.replace('.webp', '-640.webp')}`))
        .statusCode,
    ).toBe(400);

    const html = (await as(null).get(`/mint/${slug}`)).body;
    expect(html).toContain('<title>Night Cats: the drop · Mint · Layerloom</title>');
    expect(html).toContain('<meta property="og:title" content="Night Cats: the drop" />');
    expect(html).toContain(`<meta property="og:image" content="${imageBase}${bannerImage.name}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${imageBase}${bannerImage.name}" />`);
    expect(html).toContain('<meta name="description" content="Cats that come out at night." />');

    // A new banner uploaded but not saved stays private; saving it (and clearing it) shows at once.
    const draft = (await as(owner).upload(`${pageUrl()}/banner`, 'b.png', await png(900, 300))).json().data
      .image;
    expect((await as(null).get(`/api/v1/drops/${slug}/images/${draft.name}`)).statusCode).toBe(404);
    await as(owner).put(pageUrl(), { ...settings, banner: null, logo: null, accentColor: null, title: '' });
    const reset = (await as(null).get(`/api/v1/drops/${slug}`)).json().data.drop.page;
    expect(reset).toMatchObject({
      title: 'Night Cats',
      bannerUrl: `${imageBase}collage.webp`,
      logoUrl: null,
    });
    const collageBanner = await as(null).get(`/api/v1/drops/${slug}/images/collage.webp`);
    expect(collageBanner.statusCode).toBe(200);
    expect((await sharp(collageBanner.rawPayload).metadata()).format).toBe('webp');
    // The collage's phone copy (never wider than the collage itself).
    const collagePhone = await as(null).get(`/api/v1/drops/${slug}/images/collage-640.webp`);
    expect(collagePhone.statusCode).toBe(200);
    expect((await sharp(collagePhone.rawPayload).metadata()).width).toBeLessThanOrEqual(640);
    expect(
      (await as(null).get(`/api/v1/drops/${slug}/images/${draft.name.replace('.webp', '-640.webp')}`))
        .statusCode,
    ).toBe(404);
    expect((await as(null).get(`/api/v1/drops/${slug}/images/${logo.name}`)).statusCode).toBe(404);
    expect((await as(null).get(`/mint/${slug}`)).body).toContain(
      `<meta property="og:image" content="${imageBase}collage.webp" />`,
    );

    // A pre-reveal drop: the collage would show the art, so the page has no banner until the reveal.
    const placeholder = multipartFiles([
      { filename: 'hidden.png', bytes: await png(64, 64), field: 'image' },
    ]);
    const hidden = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/collections/${collectionId}/publication/placeholder`,
      payload: placeholder.payload,
      headers: { ...placeholder.headers, cookie: owner.cookie },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await as(null).get(`/api/v1/drops/${slug}`)).json().data.drop.page.bannerUrl).toBeNull();
    expect((await as(null).get(`/api/v1/drops/${slug}/images/collage.webp`)).statusCode).toBe(404);
    expect((await as(null).get(`/api/v1/drops/${slug}/images/collage-640.webp`)).statusCode).toBe(404);
    // The shared link previews with the placeholder instead: never the art, never nothing.
    const hiddenHtml = (await as(null).get(`/mint/${slug}`)).body;
    const placeholderImage = hidden.json().data.placeholder.imageUrl;
    expect(placeholderImage).toMatch(new RegExp(`^${PUBLIC_URL}/hosted/${slug}/placeholder/`));
    expect(hiddenHtml).toContain(`<meta property="og:image" content="${placeholderImage}" />`);
    expect(hiddenHtml).toContain(`<meta name="twitter:image" content="${placeholderImage}" />`);
    expect(hiddenHtml).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect((await as(owner).get(pageUrl())).json().data.page.isCollageHidden).toBe(true);
    // An uploaded banner is the creator's choice to show.
    await as(owner).put(pageUrl(), { ...settings, banner: draft.name, logo: null });
    expect((await as(null).get(`/api/v1/drops/${slug}`)).json().data.drop.page.bannerUrl).toBe(
      `${imageBase}${draft.name}`,
    );
  });
});

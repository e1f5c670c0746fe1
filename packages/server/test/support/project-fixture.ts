import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import type { App } from '../../src/types.ts';
import { multipartFiles } from './multipart.ts';

/** A shape on a transparent canvas, so stacked layers all show. */
function shapeSvg(kind: string, color: string, size: number): string {
  const half = size / 2;
  const shapes: Record<string, string> = {
    square: `<rect width="${size}" height="${size}" fill="${color}"/>`,
    circle: `<circle cx="${half}" cy="${half}" r="${size / 3}" fill="${color}"/>`,
    bar: `<rect x="${size / 8}" y="${size / 8}" width="${(size * 3) / 4}" height="${size / 6}" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${shapes[kind]}</svg>`;
}

/** Layers and trait colours of the standard test project: 3 layers × 3 traits = 27 combinations. */
export const fixtureLayers = [
  { name: 'Background', shape: 'square', traits: { Sky: '#87ceeb', Sand: '#f4a460', Moss: '#8fbc8f' } },
  { name: 'Body', shape: 'circle', traits: { Red: '#d62828', Blue: '#1d3557', Gold: '#ffb703' } },
  { name: 'Hat', shape: 'bar', traits: { Cap: '#000000', Crown: '#ffd700', Band: '#ffffff' } },
] as const;

/**
 * Creates a project through the API with the fixture layers uploaded, as `cookie`'s user.
 * Returns its id.
 */
export async function createFixtureProject(
  app: App,
  cookie: string,
  settings: { collectionSize: number; size?: number; name?: string },
): Promise<string> {
  const size = settings.size ?? 32;
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { cookie },
    payload: {
      name: settings.name ?? 'Fixture Cats',
      description: 'Made in a test',
      collectionSize: settings.collectionSize,
      width: size,
      height: size,
    },
  });
  if (created.statusCode !== 201) throw new Error(`create project: ${created.body}`);
  const id: string = created.json().data.project.id;
  const withLayers = await app.inject({
    method: 'PATCH',
    url: `/api/v1/projects/${id}`,
    headers: { cookie },
    payload: { layers: fixtureLayers.map((layer) => ({ name: layer.name })) },
  });
  const layers: { id: string; name: string }[] = withLayers.json().data.project.layers;
  for (const [index, layer] of fixtureLayers.entries()) {
    const files = await Promise.all(
      Object.entries(layer.traits).map(async ([name, color]) => ({
        filename: `${name}.png`,
        bytes: await sharp(Buffer.from(shapeSvg(layer.shape, color, size)))
          .png()
          .toBuffer(),
      })),
    );
    const body = multipartFiles(files);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${layers[index]!.id}/traits`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  }
  return id;
}

/**
 * Creates the fixture project as `cookie`'s user, generates it and waits until the collection is ready.
 * Returns the collection's id.
 */
export async function createReadyCollection(
  app: App,
  cookie: string,
  settings: { collectionSize: number; size?: number; name?: string },
): Promise<string> {
  const projectId = await createFixtureProject(app, cookie, settings);
  const started = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/generate`,
    headers: { cookie },
  });
  if (started.statusCode !== 202) throw new Error(`generate: ${started.body}`);
  const id: string = started.json().data.collection.id;
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}`,
      headers: { cookie },
    });
    if (response.json().data.collection.progress.status === 'ready') return id;
    await setTimeout(100);
  }
  throw new Error('The collection did not finish generating');
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createTeamCollection, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import type { LoggedInUser } from '../../../test/support/users.ts';

interface Layer {
  id: string;
  name: string;
  traits: { id: string; name: string; weight: number }[];
}

describe.each(databaseKinds)('trait comments follow a renamed trait or layer, on %s', (kind) => {
  let test: TestApp;
  let team: TestTeam;
  let collectionId: string;
  let projectId: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const projectComments = () => `/api/v1/projects/${projectId}/comments`;
  const comment = async (url: string, layer: string, trait: string, body: string) => {
    const added = await test.app.inject({
      method: 'POST',
      url,
      headers: as(team.editor),
      payload: { target: { layer, trait }, body },
    });
    expect(added.statusCode).toBe(201);
  };
  const thread = async (url: string, query = '') => {
    const read = await test.app.inject({ method: 'GET', url: `${url}${query}`, headers: as(team.viewer) });
    expect(read.statusCode).toBe(200);
    return (read.json().data.comments as { layer: string; trait: string; body: string }[]).map(
      ({ layer, trait, body }) => `${layer} / ${trait}: ${body}`,
    );
  };
  const open = async () => {
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}`,
      headers: as(team.editor),
    });
    return { etag: read.headers.etag as string, layers: read.json().data.project.layers as Layer[] };
  };
  const save = (layers: Layer[], etag: string) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: { ...as(team.editor), 'if-match': etag },
      payload: {
        layers: layers.map(({ id, name, traits }) => ({
          id,
          name,
          traits: traits.map(({ id: traitId, name: traitName, weight }) => ({
            id: traitId,
            name: traitName,
            weight,
          })),
        })),
      },
    });
  /** The layers with `rename` applied: `{ Hat: 'Headwear', 'Body/Red': 'Blue' }`, `null` deletes a trait. */
  const renamed = (layers: Layer[], rename: Record<string, string | null>): Layer[] =>
    layers.map((layer) => ({
      ...layer,
      name: rename[layer.name] ?? layer.name,
      traits: layer.traits
        .filter((trait) => rename[`${layer.name}/${trait.name}`] !== null)
        .map((trait) => ({ ...trait, name: rename[`${layer.name}/${trait.name}`] ?? trait.name })),
    }));

  beforeAll(async () => {
    test = await createTestApp(kind);
    team = await createTeam(test.app);
    ({ collectionId, projectId } = await createTeamCollection(test.app, team));
    await comment(projectComments(), 'Body', 'Red', 'Warmer red?');
    await comment(projectComments(), 'Body', 'Blue', 'Navy instead?');
    await comment(projectComments(), 'Hat', 'Crown', 'Shinier crown');
    await comment(projectComments(), 'Hat', 'Band', 'Drop the band?');
    await comment(`/api/v1/collections/${collectionId}/comments`, 'Hat', 'Crown', 'On the collection');
  }, 120_000);
  afterAll(async () => {
    await test?.close();
  });

  it('moves the comments with the save that renames, swaps names cleanly, and keeps a deleted trait’s under its old name', async () => {
    const { etag, layers } = await open();
    const saved = await save(
      renamed(layers, {
        Hat: 'Headwear',
        'Hat/Crown': 'Tiara',
        'Hat/Band': null,
        'Body/Red': 'Blue',
        'Body/Blue': 'Red',
      }),
      etag,
    );
    expect(saved.statusCode).toBe(200);

    expect(await thread(projectComments(), '?layer=Headwear&trait=Tiara')).toEqual([
      'Headwear / Tiara: Shinier crown',
    ]);
    expect(await thread(projectComments(), '?layer=Hat&trait=Crown')).toEqual([]);
    expect(await thread(projectComments(), '?layer=Body&trait=Blue')).toEqual(['Body / Blue: Warmer red?']);
    expect(await thread(projectComments(), '?layer=Body&trait=Red')).toEqual(['Body / Red: Navy instead?']);
    // The deleted trait's comment is still read in the project's whole thread, by the name it had.
    expect(await thread(projectComments())).toEqual([
      'Body / Blue: Warmer red?',
      'Body / Red: Navy instead?',
      'Headwear / Tiara: Shinier crown',
      'Hat / Band: Drop the band?',
    ]);
    // A collection is a snapshot: its comments keep the names it was generated with.
    expect(await thread(`/api/v1/collections/${collectionId}/comments`)).toEqual([
      'Hat / Crown: On the collection',
    ]);
  });

  it('moves nothing when the save is refused (another member saved since)', async () => {
    const { layers } = await open();
    const stale = await save(renamed(layers, { Headwear: 'Hats' }), '"1"');
    expect(stale.statusCode).toBe(412);
    expect(await thread(projectComments(), '?layer=Headwear&trait=Tiara')).toEqual([
      'Headwear / Tiara: Shinier crown',
    ]);
    expect((await open()).layers.map((layer) => layer.name)).toEqual(['Background', 'Body', 'Headwear']);
  });
});

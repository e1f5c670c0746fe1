import { DEFAULT_ANIMATION_SETTINGS, DEFAULT_METADATA_FORMAT_SETTINGS, type Project } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { adoptServerIds, layerNameProblem, saveBody, toDraft, traitNameProblem } from './project-draft.ts';

const trait = {
  id: 't1',
  name: 'Blue',
  weight: 3,
  image: { contentType: 'image/png' as const, width: 8, height: 8, bytes: 100 },
};
const project: Project = {
  id: 'p1',
  name: 'Moon Cats',
  description: 'Cats',
  collectionSize: 20,
  width: 512,
  height: 512,
  rarityMode: 'weighted',
  seed: 'abc',
  layers: [{ id: 'l1', name: 'Background', presence: 100, blend: 'normal', opacity: 1, traits: [trait] }],
  rules: [],
  configurations: [],
  oneOfOnes: [],
  animation: DEFAULT_ANIMATION_SETTINGS,
  metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
  updatedBy: null,
};

describe('saveBody', () => {
  it('sends every setting, the ordered layers with their traits and None switch, and the rules', () => {
    const draft = toDraft(project);
    draft.layers.push({
      key: 'new-1',
      name: 'Hat',
      presence: 60,
      blend: 'multiply',
      opacity: 0.5,
      showNone: true,
      traits: [],
    });
    const { body, skipped } = saveBody(draft);
    expect(skipped).toEqual([]);
    expect(body).toEqual({
      name: 'Moon Cats',
      description: 'Cats',
      collectionSize: 20,
      width: 512,
      height: 512,
      rarityMode: 'weighted',
      seed: 'abc',
      layers: [
        {
          id: 'l1',
          name: 'Background',
          presence: 100,
          blend: 'normal',
          opacity: 1,
          // A layer saved before the switch existed sends it off.
          showNone: false,
          traits: [{ id: 't1', name: 'Blue', weight: 3 }],
        },
        { name: 'Hat', presence: 60, blend: 'multiply', opacity: 0.5, showNone: true, traits: [] },
      ],
      rules: [],
      configurations: [],
      oneOfOnes: [],
      animation: DEFAULT_ANIMATION_SETTINGS,
      metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
    });
  });

  it('sends 1-of-1s with their names and only the attribute rows filled in on both sides', () => {
    const draft = toDraft(project);
    draft.oneOfOnes = [
      {
        id: 'o1',
        name: 'Golden One',
        image: trait.image,
        attributes: [
          { trait_type: ' Artist ', value: 'Ada' },
          { trait_type: 'Mood', value: '' },
        ],
      },
    ];
    expect(saveBody(draft).body.oneOfOnes).toEqual([
      { id: 'o1', name: 'Golden One', attributes: [{ trait_type: 'Artist', value: 'Ada' }] },
    ]);
  });

  it('sends configurations (new ones without an id) and adopts the ids the server gave them', () => {
    const draft = toDraft({
      ...project,
      configurations: [{ id: 'c1', name: 'Slim', share: 3, layers: ['Background'] }],
    });
    draft.configurations.push({ key: 'new-c', name: 'Bulky', share: 1, layers: ['Background'] });
    expect(saveBody(draft).body.configurations).toEqual([
      { id: 'c1', name: 'Slim', share: 3, layers: ['Background'] },
      { name: 'Bulky', share: 1, layers: ['Background'] },
    ]);
    const saved = {
      ...project,
      configurations: [
        { id: 'c1', name: 'Slim', share: 3, layers: ['Background'] },
        { id: 'c2', name: 'Bulky', share: 1, layers: ['Background'] },
      ],
    };
    expect(adoptServerIds(draft, saved).configurations.map((entry) => [entry.key, entry.id])).toEqual([
      ['c1', 'c1'],
      ['new-c', 'c2'],
    ]);
  });

  it('leaves out fields the server would refuse, so the rest still saves', () => {
    const draft = { ...toDraft(project), name: '  ', collectionSize: null as unknown as number, width: 8 };
    const { body, skipped } = saveBody(draft);
    expect(skipped).toEqual(['name', 'collectionSize', 'width']);
    expect(body).not.toHaveProperty('name');
    expect(body).toHaveProperty('height', 512);
  });
});

describe('adoptServerIds', () => {
  it('gives new layers the ids the server assigned, keeping later local edits', () => {
    const draft = toDraft(project);
    draft.layers.push({ key: 'new-1', name: 'Hat', presence: 40, blend: 'normal', opacity: 1, traits: [] });
    const saved: Project = {
      ...project,
      layers: [
        ...project.layers,
        { id: 'l2', name: 'hat', presence: 100, blend: 'normal', opacity: 1, traits: [] },
      ],
    };
    const next = adoptServerIds(draft, saved);
    expect(next.layers[1]).toMatchObject({ key: 'new-1', id: 'l2', presence: 40 });
  });
});

describe('name checks', () => {
  it('refuses empty, duplicate (any case) and slashed layer names', () => {
    const layers = toDraft(project).layers;
    expect(layerNameProblem(' ', layers)).toBe('Layer name is required!');
    expect(layerNameProblem('background', layers)).toMatch(/already a layer/);
    expect(layerNameProblem('background', layers, 'l1')).toBeNull();
    expect(layerNameProblem('A/B', layers)).toMatch(/“\/”/);
    expect(layerNameProblem('Hat', layers)).toBeNull();
  });

  it('refuses empty and duplicate trait names in a layer', () => {
    const traits = [trait, { ...trait, id: 't2', name: 'Red' }];
    expect(traitNameProblem('', traits, 't1')).toBe('Trait name is required!');
    expect(traitNameProblem('red', traits, 't1')).toMatch(/already has/);
    expect(traitNameProblem('Green', traits, 't1')).toBeNull();
  });
});

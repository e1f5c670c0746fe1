import { DEFAULT_ANIMATION_SETTINGS, DEFAULT_METADATA_FORMAT_SETTINGS, type Project } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { type Draft, toDraft } from './project-draft.ts';
import { mergeDrafts, resolveConflicts } from './project-merge.ts';

const image = { contentType: 'image/png' as const, width: 8, height: 8, bytes: 10 };
const trait = (id: string, name: string, weight = 1) => ({ id, name, weight, image });

const project: Project = {
  id: 'p1',
  name: 'Moon Cats',
  description: 'Cats on the moon',
  collectionSize: 20,
  width: 512,
  height: 512,
  rarityMode: 'weighted',
  seed: 'abc',
  layers: [
    {
      id: 'l1',
      name: 'Body',
      presence: 100,
      blend: 'normal',
      opacity: 100,
      showNone: false,
      traits: [trait('t1', 'Fur'), trait('t2', 'Scales')],
    },
    {
      id: 'l2',
      name: 'Eyes',
      presence: 100,
      blend: 'normal',
      opacity: 100,
      showNone: false,
      traits: [trait('t3', 'Round')],
    },
  ],
  rules: [],
  configurations: [],
  oneOfOnes: [],
  animation: DEFAULT_ANIMATION_SETTINGS,
  metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 3,
  updatedBy: 'Alice Weaver',
};

const base = toDraft(project);
const withLayer = (draft: Draft, id: string, change: Partial<Draft['layers'][number]>): Draft => ({
  ...draft,
  layers: draft.layers.map((layer) => (layer.id === id ? { ...layer, ...change } : layer)),
});

describe('mergeDrafts', () => {
  it('takes what only one side changed, from either side, without asking', () => {
    const mine = withLayer({ ...base, description: 'Mine' }, 'l2', { opacity: 50 });
    const theirs = withLayer({ ...base, collectionSize: 40, name: 'Sun Cats' }, 'l1', { blend: 'multiply' });
    const { merged, conflicts, notes } = mergeDrafts(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(notes).toEqual([]);
    expect(merged).toMatchObject({ name: 'Sun Cats', description: 'Mine', collectionSize: 40 });
    expect(merged.layers.map((layer) => [layer.name, layer.blend, layer.opacity])).toEqual([
      ['Body', 'multiply', 100],
      ['Eyes', 'normal', 50],
    ]);
  });

  it('asks about fields both changed differently, naming both values, and applies each choice', () => {
    const mine = withLayer({ ...base, name: 'Mine', seed: 'same' }, 'l1', {
      traits: [trait('t1', 'Soft Fur'), trait('t2', 'Scales', 5)],
    });
    const theirs = withLayer({ ...base, name: 'Theirs', seed: 'same' }, 'l1', {
      traits: [trait('t1', 'Hard Fur'), trait('t2', 'Scales', 9)],
    });
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts.map(({ id, label, mine: a, theirs: b }) => ({ id, label, a, b }))).toEqual([
      { id: 'name', label: 'Name', a: 'Mine', b: 'Theirs' },
      { id: 'trait:t1:name', label: 'Trait “Soft Fur” in “Body”: name', a: 'Soft Fur', b: 'Hard Fur' },
      { id: 'trait:t2:weight', label: 'Trait “Scales” in “Body”: rarity weight', a: '5', b: '9' },
    ]);
    // Same change on both sides is no conflict; until chosen, the merged draft holds theirs.
    expect(merged).toMatchObject({ name: 'Theirs', seed: 'same' });
    const chosen = resolveConflicts(merged, conflicts, {
      name: 'mine',
      'trait:t1:name': 'theirs',
      'trait:t2:weight': 'mine',
    });
    expect(chosen.name).toBe('Mine');
    expect(chosen.layers[0]?.traits.map((entry) => [entry.name, entry.weight])).toEqual([
      ['Hard Fur', 1],
      ['Scales', 5],
    ]);
  });

  it('keeps traits they uploaded and layers you added, and your order when only you moved layers', () => {
    const mine: Draft = {
      ...base,
      layers: [
        { ...base.layers[1]!, key: 'l2' },
        { ...base.layers[0]!, key: 'l1' },
        { key: 'new-1', name: 'Hats', presence: 100, blend: 'normal', opacity: 100, traits: [] },
      ],
    };
    const theirs = withLayer(base, 'l1', { traits: [...base.layers[0]!.traits, trait('t9', 'Feathers')] });
    const { merged, conflicts } = mergeDrafts(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.layers.map((layer) => [layer.name, layer.traits.map((entry) => entry.name)])).toEqual([
      ['Eyes', ['Round']],
      ['Body', ['Fur', 'Scales', 'Feathers']],
      ['Hats', []],
    ]);
    expect(merged.layers[2]?.id).toBeUndefined();
  });

  it('says which of your edits their removals undo, and asks before dropping a layer they changed', () => {
    const mine: Draft = {
      ...withLayer(base, 'l1', { traits: [trait('t1', 'Fur'), trait('t2', 'Shiny Scales')] }),
      layers: [{ ...base.layers[0]!, traits: [trait('t1', 'Fur'), trait('t2', 'Shiny Scales')] }],
    };
    const theirs = withLayer(withLayer(base, 'l1', { traits: [trait('t1', 'Fur')] }), 'l2', {
      name: 'Big Eyes',
    });
    const { merged, conflicts, notes } = mergeDrafts(base, mine, theirs);
    expect(notes).toEqual([
      'Trait “Shiny Scales” in “Body” was removed by their save, with your changes to it.',
    ]);
    expect(conflicts.map((entry) => [entry.label, entry.mine, entry.theirs])).toEqual([
      ['Layer “Big Eyes”', 'Removed', 'Kept, with their changes'],
    ]);
    expect(merged.layers.map((layer) => layer.name)).toEqual(['Body', 'Big Eyes']);
    expect(resolveConflicts(merged, conflicts, { [conflicts[0]!.id]: 'mine' }).layers).toHaveLength(1);
  });
});

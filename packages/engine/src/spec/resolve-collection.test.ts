import { describe, expect, it } from 'vitest';
import {
  AmbiguousTraitError,
  EmptyLayerError,
  InvalidSpecError,
  SizeMismatchError,
  UnknownLayerError,
  UnknownTraitError,
} from '../errors/spec-errors.ts';
import type { CollectionSpecInput } from './collection-spec.ts';
import { parseCollectionSpec } from './parse-collection-spec.ts';
import { resolveCollection } from './resolve-collection.ts';

function layer(name: string, traits: string[]) {
  return { name, traits: traits.map((trait) => ({ name: trait, asset: `${name}/${trait}.png` })) };
}

const base = {
  name: 'T',
  size: 4,
  width: 8,
  height: 8,
  layers: [layer('Hair', ['Short', 'Long']), layer('Hat', ['Crown', 'Cap'])],
} satisfies CollectionSpecInput;

function resolve(extra: Partial<CollectionSpecInput>) {
  return resolveCollection(parseCollectionSpec({ ...base, ...extra }));
}

function caught(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('resolveCollection', () => {
  it('resolves every rule form to layer and trait indices', () => {
    const { rules } = resolve({
      rules: [
        'Hat/Crown excludes Hair/Long',
        { trait: 'Cap', requires: { layer: 'Hair', trait: 'Short' } },
        'Crown requires one of Hair {Short, Long}',
      ],
    });
    expect(
      rules.map(({ kind, layer, trait, otherLayer, otherTraits }) => [
        kind,
        layer,
        trait,
        otherLayer,
        otherTraits,
      ]),
    ).toEqual([
      ['excludes', 1, 0, 0, [1]],
      ['requires', 1, 1, 0, [0]],
      ['requires', 1, 0, 0, [0, 1]],
    ]);
    expect(rules[2]!.text).toBe('Hat/Crown requires one of Hair {Short, Long}');
  });

  it('names an unknown trait, and the layer it was looked for in', () => {
    const bare = caught(() => resolve({ rules: ['Tiara excludes Long'] }));
    expect(bare).toBeInstanceOf(UnknownTraitError);
    expect(bare.message).toBe('Unknown trait "Tiara" in rule 1');
    const inLayer = caught(() =>
      resolve({ rules: ['Hat/Crown excludes Hair/Short', 'Hat/Tiara requires Hair/Long'] }),
    );
    expect(inLayer).toBeInstanceOf(UnknownTraitError);
    expect(inLayer.message).toBe('Unknown trait "Tiara" in layer "Hat" (rule 2)');
    expect(() => resolve({ rules: ['Crown requires one of Hair {Short, Mohawk}'] })).toThrow(
      'Unknown trait "Mohawk" in layer "Hair" (rule 1)',
    );
  });

  it('names an unknown layer in a rule or a configuration', () => {
    const inRule = caught(() => resolve({ rules: ['Hats/Crown excludes Hair/Long'] }));
    expect(inRule).toBeInstanceOf(UnknownLayerError);
    expect(inRule.message).toBe('Unknown layer "Hats" in rule 1');
    expect(() => resolve({ rules: ['Crown requires one of Beard {Full}'] })).toThrow(
      new UnknownLayerError('Beard', 'rule 1'),
    );
    expect(() => resolve({ configurations: [{ name: 'tall', size: 4, layers: ['Hair', 'Body'] }] })).toThrow(
      new UnknownLayerError('Body', 'tall'),
    );
  });

  it('asks for "Layer/Trait" when a bare trait name is in several layers', () => {
    const error = caught(() =>
      resolve({
        layers: [layer('Hair', ['Red', 'Long']), layer('Hat', ['Red', 'Cap'])],
        rules: ['Red excludes Long'],
      }),
    );
    expect(error).toBeInstanceOf(AmbiguousTraitError);
    expect(error.message).toContain('"Hair", "Hat"');
  });

  it('names an empty layer and a layer whose traits all weigh 0', () => {
    expect(() => resolve({ layers: [layer('Hair', ['Short']), layer('Hat', [])] })).toThrow(EmptyLayerError);
    expect(() => resolve({ layers: [layer('Hair', ['Short']), layer('Hat', [])] })).toThrow('"Hat"');
    const zero = caught(() =>
      resolve({
        layers: [
          layer('Hair', ['Short']),
          { name: 'Hat', traits: [{ name: 'Crown', weight: 0, asset: 'c.png' }] },
        ],
      }),
    );
    expect(zero).toBeInstanceOf(EmptyLayerError);
    expect(zero.message).toContain('every trait has weight 0');
  });

  it('refuses duplicate layer and trait names', () => {
    expect(() => resolve({ layers: [layer('Hair', ['Short']), layer('Hair', ['Long'])] })).toThrow(
      InvalidSpecError,
    );
    expect(() => resolve({ layers: [layer('Hair', ['Short', 'Short'])] })).toThrow(
      'Trait "Short" appears twice in layer "Hair"',
    );
  });

  it('checks that configurations and 1-of-1s add up to the size', () => {
    expect(() =>
      resolve({
        configurations: [
          { name: 'a', size: 2, layers: ['Hair'] },
          { name: 'b', size: 1, layers: ['Hair', 'Hat'] },
        ],
      }),
    ).toThrow(SizeMismatchError);
    expect(() =>
      resolve({
        size: 1,
        oneOfOnes: [{ asset: 'one.png' }, { asset: 'two.png' }],
      }),
    ).toThrow('The collection size 1 is smaller than its 2 1-of-1 tokens');
    expect(resolve({ oneOfOnes: [{ asset: 'one.png' }] }).configurations[0]!.size).toBe(3);
  });

  it('refuses a spec that breaks the schema, listing every problem', () => {
    const error = caught(() =>
      parseCollectionSpec({ ...base, size: 0, width: -1, rules: ['Crown loves Long'] }),
    );
    expect(error).toBeInstanceOf(InvalidSpecError);
    expect((error as InvalidSpecError).issues.map((issue) => issue.path)).toEqual([
      'size',
      'width',
      'rules.0',
    ]);
  });

  it("refuses a weight so large that a layer's total would overflow, instead of drawing nothing", () => {
    const huge = { name: 'Short', weight: 1e308, asset: 'Hair/Short.png' };
    const error = caught(() =>
      parseCollectionSpec({ ...base, layers: [{ name: 'Hair', traits: [huge, { ...huge, name: 'Long' }] }] }),
    );
    expect(error).toBeInstanceOf(InvalidSpecError);
    expect((error as InvalidSpecError).issues.map((issue) => issue.path)).toEqual([
      'layers.0.traits.0.weight',
      'layers.0.traits.1.weight',
    ]);
  });
});

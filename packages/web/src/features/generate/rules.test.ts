import type { ProjectRule } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import {
  buildRule,
  describeRule,
  parseTraitRef,
  pruneRules,
  renameLayerInRules,
  renameTraitInRules,
  traitRef,
} from './rules.ts';

const layers = [
  { name: 'Background', traits: [{ name: 'Blue' }, { name: 'Red' }] },
  { name: 'Hat', traits: [{ name: 'Cap' }, { name: 'Crown' }, { name: 'a/b' }] },
  { name: 'Eyes', traits: [{ name: 'Laser' }] },
];

describe('trait references', () => {
  it('are Layer/Trait, split at the first slash', () => {
    expect(traitRef('Hat', 'a/b')).toBe('Hat/a/b');
    expect(parseTraitRef('Hat/a/b')).toEqual({ layer: 'Hat', trait: 'a/b' });
  });
});

describe('buildRule', () => {
  it('builds excludes and requires rules between traits of two layers', () => {
    expect(buildRule({ kind: 'excludes', trait: 'Hat/Crown', other: 'Background/Red' }, layers)).toEqual({
      rule: { kind: 'excludes', trait: 'Hat/Crown', other: 'Background/Red' },
    });
    expect(buildRule({ kind: 'requires', trait: 'Eyes/Laser', other: 'Hat/Cap' }, layers)).toEqual({
      rule: { kind: 'requires', trait: 'Eyes/Laser', other: 'Hat/Cap' },
    });
  });

  it('builds a requires-one-of rule with the chosen traits of the layer', () => {
    expect(
      buildRule(
        { kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Hat', traits: ['Cap', 'Crown'] },
        layers,
      ),
    ).toEqual({
      rule: { kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Hat', traits: ['Cap', 'Crown'] },
    });
  });

  it('says what is missing or impossible', () => {
    expect(buildRule({ kind: 'excludes' }, layers)).toEqual({ error: 'Choose the trait the rule is about' });
    expect(buildRule({ kind: 'excludes', trait: 'Hat/Cap' }, layers)).toEqual({
      error: 'Choose the other trait',
    });
    expect(buildRule({ kind: 'requires', trait: 'Hat/Cap', other: 'Hat/Crown' }, layers)).toHaveProperty(
      'error',
      expect.stringMatching(/another layer/),
    );
    expect(
      buildRule({ kind: 'requires-one-of', trait: 'Hat/Cap', layer: 'Hat', traits: ['Crown'] }, layers),
    ).toHaveProperty('error', expect.stringMatching(/another layer/));
    expect(
      buildRule({ kind: 'requires-one-of', trait: 'Hat/Cap', layer: 'Eyes', traits: [] }, layers),
    ).toEqual({
      error: 'Choose at least one trait of Eyes',
    });
    expect(buildRule({ kind: 'excludes', trait: 'Hat/Gone', other: 'Eyes/Laser' }, layers)).toHaveProperty(
      'error',
    );
  });

  it('refuses a rule that is already there, including the mirrored excludes', () => {
    const existing: ProjectRule[] = [{ kind: 'excludes', trait: 'Hat/Crown', other: 'Background/Red' }];
    expect(
      buildRule({ kind: 'excludes', trait: 'Background/Red', other: 'Hat/Crown' }, layers, existing),
    ).toEqual({
      error: 'This rule is already there',
    });
    expect(
      buildRule({ kind: 'requires', trait: 'Hat/Crown', other: 'Background/Red' }, layers, existing),
    ).toHaveProperty('rule');
  });
});

describe('describeRule', () => {
  it('reads as a sentence', () => {
    expect(describeRule({ kind: 'excludes', trait: 'Hat/Crown', other: 'Background/Red' })).toBe(
      'Crown (Hat) excludes Red (Background)',
    );
    expect(
      describeRule({ kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Hat', traits: ['Cap', 'Crown'] }),
    ).toBe('Laser (Eyes) requires one of Hat: Cap, Crown');
  });
});

describe('keeping rules in step with edits', () => {
  const rules: ProjectRule[] = [
    { kind: 'excludes', trait: 'Hat/Crown', other: 'Background/Red' },
    { kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Hat', traits: ['Cap', 'Crown'] },
  ];

  it('follows a renamed trait and a renamed layer', () => {
    expect(renameTraitInRules(rules, 'Hat', 'Crown', 'Tiara')).toEqual([
      { kind: 'excludes', trait: 'Hat/Tiara', other: 'Background/Red' },
      { kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Hat', traits: ['Cap', 'Tiara'] },
    ]);
    expect(renameLayerInRules(rules, 'Hat', 'Headwear')).toEqual([
      { kind: 'excludes', trait: 'Headwear/Crown', other: 'Background/Red' },
      { kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Headwear', traits: ['Cap', 'Crown'] },
    ]);
  });

  it('drops rules naming a deleted trait, keeping the rest of a requires-one-of', () => {
    const withoutCrown = layers.map((layer) =>
      layer.name === 'Hat'
        ? { ...layer, traits: layer.traits.filter((trait) => trait.name !== 'Crown') }
        : layer,
    );
    expect(pruneRules(rules, withoutCrown)).toEqual([
      { kind: 'requires-one-of', trait: 'Eyes/Laser', layer: 'Hat', traits: ['Cap'] },
    ]);
    expect(
      pruneRules(
        rules,
        layers.filter((layer) => layer.name !== 'Eyes'),
      ),
    ).toEqual([rules[0]]);
  });
});

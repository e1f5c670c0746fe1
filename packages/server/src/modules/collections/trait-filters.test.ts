import { describe, expect, it } from 'vitest';
import { matchesTraitFilters, parseTraitFilters } from './trait-filters.ts';

const KNOWN = ['Background', 'Hat', 'meta_trait:trait_count'];

/** Whether a token with these attributes passes these `Type:Value` filters. */
function passes(
  attributes: { trait_type: string; value: string | number | boolean | null }[],
  ...filters: string[]
) {
  return matchesTraitFilters(attributes, parseTraitFilters(filters, KNOWN));
}

describe('trait filters read tokens as OpenRarity does', () => {
  it('compares types and values without case or surrounding spaces', () => {
    const token = [
      { trait_type: ' hat ', value: 'CAP ' },
      { trait_type: 'Background', value: 'Blue' },
    ];
    expect(passes(token, 'Hat:Cap')).toBe(true);
    expect(passes(token, 'HAT: cap')).toBe(true);
    expect(passes(token, 'Hat:Crown')).toBe(false);
    expect(passes(token, 'background:BLUE', 'Hat:cap')).toBe(true);
  });

  it('reads a type left out, written "None" or null as None', () => {
    expect(passes([{ trait_type: 'Background', value: 'Blue' }], 'Hat:None')).toBe(true);
    expect(passes([{ trait_type: 'Hat', value: 'none' }], 'Hat:None')).toBe(true);
    expect(passes([{ trait_type: 'Hat', value: null }], 'Hat:None')).toBe(true);
    expect(passes([{ trait_type: 'Hat', value: 'Cap' }], 'Hat:None')).toBe(false);
  });

  it('counts traits leaving out None, "" and null, and counting numbers and booleans', () => {
    const shown = [
      { trait_type: 'Background', value: 'Blue' },
      { trait_type: 'Hat', value: 'None' },
      { trait_type: 'Eyes', value: '' },
      { trait_type: 'Mouth', value: null },
      { trait_type: 'Level', value: 3 },
      { trait_type: 'Shiny', value: true },
    ];
    expect(passes(shown, 'meta_trait:trait_count:3')).toBe(true);
    expect(passes(shown, 'meta_trait:trait_count:6')).toBe(false);
    // "Show None in metadata" on or off: the same count.
    const hidden = [
      { trait_type: 'Background', value: 'Blue' },
      { trait_type: 'Level', value: 3 },
      { trait_type: 'Shiny', value: true },
    ];
    expect(passes(hidden, 'meta_trait:trait_count:3')).toBe(true);
  });

  it("takes a type written twice at its last value, and a token's own trait count as written", () => {
    const twice = [
      { trait_type: 'Hat', value: 'Cap' },
      { trait_type: 'hat', value: 'Crown' },
    ];
    expect(passes(twice, 'Hat:Crown')).toBe(true);
    expect(passes(twice, 'Hat:Cap')).toBe(false);
    expect(passes([{ trait_type: 'meta_trait:trait_count', value: '7' }], 'meta_trait:trait_count:7')).toBe(
      true,
    );
  });

  it('refuses a filter without a type', () => {
    expect(() => parseTraitFilters(['nocolon'], KNOWN)).toThrow('must look like Type:Value');
  });
});

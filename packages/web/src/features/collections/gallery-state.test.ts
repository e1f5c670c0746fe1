import { listTokens } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { endpointUrl } from '../../lib/api.ts';
import {
  defaultGalleryState,
  groupTraits,
  readGalleryState,
  toggleTrait,
  tokensQuery,
  writeGalleryState,
} from './gallery-state.ts';

describe('gallery state in the URL', () => {
  it('reads defaults from an empty query and writes them back as nothing', () => {
    expect(readGalleryState(new URLSearchParams())).toEqual(defaultGalleryState);
    expect(writeGalleryState(defaultGalleryState).toString()).toBe('');
  });

  it('round-trips page, size, sort and several trait filters', () => {
    const state = {
      page: 3,
      pageSize: 96,
      sort: 'rarity' as const,
      traits: ['Body:Red', 'Hat:Top hat', 'meta_trait:trait_count:3'],
    };
    const search = writeGalleryState(state).toString();
    expect(search).toBe(
      'sort=rarity&trait=Body%3ARed&trait=Hat%3ATop+hat&trait=meta_trait%3Atrait_count%3A3&size=96&page=3',
    );
    expect(readGalleryState(new URLSearchParams(search))).toEqual(state);
  });

  it('falls back to defaults for malformed values and drops repeated or colon-less filters', () => {
    const state = readGalleryState(
      new URLSearchParams('page=-2&size=1000&sort=price&trait=Body:Red&trait=Body:Red&trait=junk'),
    );
    expect(state).toEqual({ page: 1, pageSize: 48, sort: 'edition', traits: ['Body:Red'] });
    expect(readGalleryState(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('toggles a filter on and off and starts again at page 1', () => {
    const start = { ...defaultGalleryState, page: 4 };
    const on = toggleTrait(start, 'Body', 'Red', true);
    expect(on).toMatchObject({ page: 1, traits: ['Body:Red'] });
    const two = toggleTrait(on, 'Hat', 'Cap', true);
    expect(two.traits).toEqual(['Body:Red', 'Hat:Cap']);
    expect(toggleTrait(two, 'Body', 'Red', true).traits).toEqual(['Hat:Cap', 'Body:Red']);
    expect(toggleTrait(two, 'Body', 'Red', false).traits).toEqual(['Hat:Cap']);
  });

  it('groups filters by trait type, also for types that contain a colon', () => {
    const groups = groupTraits(
      ['Body:Red', 'Body:Blue', 'meta_trait:trait_count:3', 'Eyes:Laser: green'],
      ['Body', 'Eyes', 'meta_trait:trait_count'],
    );
    expect([...groups]).toEqual([
      ['Body', ['Red', 'Blue']],
      ['meta_trait:trait_count', ['3']],
      ['Eyes', ['Laser: green']],
    ]);
  });

  it('builds the listTokens query with one trait key per filter', () => {
    const url = endpointUrl(
      listTokens,
      { id: 'c1' },
      tokensQuery({ page: 2, pageSize: 24, sort: 'rarity', traits: ['Body:Red', 'Hat:Cap'] }),
    );
    const query = new URL(url, 'http://localhost').searchParams;
    expect(query.get('page')).toBe('2');
    expect(query.get('pageSize')).toBe('24');
    expect(query.get('sort')).toBe('rarity');
    expect(query.getAll('trait')).toEqual(['Body:Red', 'Hat:Cap']);
  });
});

import { DEFAULT_ANIMATION_SETTINGS, DEFAULT_METADATA_FORMAT_SETTINGS, planById } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { draftLayer } from './draft-fixtures.ts';
import { type CountState, generateBlockers } from './generate-blockers.ts';
import type { Draft } from './project-draft.ts';

const image = { contentType: 'image/png' as const, width: 64, height: 64, bytes: 900 };
const trait = (id: string) => ({ id, name: id, weight: 1, image });
const layer = (name: string, traits: number) =>
  draftLayer(
    name,
    Array.from({ length: traits }, (_, index) => trait(`${name}-${index}`)),
  );

/** A brand-new project as the server creates it: the defaults, no description, no layers. */
const fresh: Draft = {
  id: 'p1',
  name: 'Untitled project',
  description: '',
  collectionSize: 100,
  width: 1024,
  height: 1024,
  rarityMode: 'weighted',
  seed: 'abc',
  layers: [],
  rules: [],
  configurations: [],
  oneOfOnes: [],
  animation: DEFAULT_ANIMATION_SETTINGS,
  metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
  createdAt: '',
  updatedAt: '',
  version: 1,
  updatedBy: null,
};

const counted = (count: string): CountState => ({
  data: { count, problem: null },
  error: null,
  isLoading: false,
});
const blockersOf = (draft: Draft, count: CountState = counted('1000'), extra = {}) =>
  generateBlockers({
    draft,
    plan: planById('free'),
    count,
    saveState: { kind: 'saved' },
    isRunning: false,
    ...extra,
  });

describe('generateBlockers', () => {
  it('lists every reason a new project cannot be generated, each with where to fix it', () => {
    const blockers = blockersOf(fresh, { data: undefined, error: null, isLoading: false });
    expect(blockers.map((blocker) => blocker.id)).toEqual(['field-description', 'no-layers']);
    expect(blockers[0]?.text).toMatch(/^Project Description is required: /);
    expect(blockers[0]?.targets).toEqual([
      { kind: 'field', field: 'description', label: 'Project Description' },
    ]);
    expect(blockers[1]?.targets).toEqual([{ kind: 'new-layer' }]);
  });

  it('names each layer without images and, with two images only, the size above the combinations', () => {
    const draft = { ...fresh, description: 'Cats', layers: [layer('Background', 2), layer('Hat', 0)] };
    expect(blockersOf(draft).map((blocker) => blocker.text)).toEqual([
      'Layer “Hat” has no images: upload at least one, or delete the layer.',
    ]);
    const two = { ...draft, layers: [layer('Background', 2)] };
    const [tooMany] = blockersOf(two, counted('2'));
    expect(tooMany?.text).toBe(
      'Collection Size (100) is more than the 2 possible combinations: lower it to 2 or less, add images to the layers, or loosen the rules.',
    );
    expect(tooMany?.targets[0]).toMatchObject({ kind: 'field', field: 'collectionSize' });
  });

  it("refuses a size above the plan's limit with a link to the plans, and empty or out-of-range fields", () => {
    const draft = {
      ...fresh,
      name: ' ',
      description: 'Cats',
      collectionSize: 500,
      width: 8,
      height: null as unknown as number,
      layers: [layer('Background', 30)],
    };
    const blockers = blockersOf(draft, counted('30000'));
    expect(blockers.map((blocker) => blocker.id)).toEqual([
      'field-name',
      'field-width',
      'field-height',
      'plan-limit',
    ]);
    expect(blockers[1]?.text).toBe('Width must be at least 16 px (16–4096).');
    expect(blockers[2]?.text).toBe('Height is required: enter it in pixels (16–4096).');
    expect(blockers[3]?.text).toBe(
      'Your Free plan generates up to 100 assets: lower Collection Size to 100 or less, or choose a bigger plan.',
    );
    expect(blockers[3]?.targets.map((target) => target.kind)).toEqual(['field', 'plans']);
  });

  it('is empty for a complete project, and names a failed save, a failed count and a running generation', () => {
    const ready = { ...fresh, description: 'Cats', collectionSize: 20, layers: [layer('Background', 30)] };
    expect(blockersOf(ready)).toEqual([]);
    const failed = { data: undefined, error: 'The server is not reachable', isLoading: false };
    expect(
      blockersOf(ready, failed, { saveState: { kind: 'error', error: new Error('x') }, isRunning: true }).map(
        (blocker) => blocker.id,
      ),
    ).toEqual(['count-error', 'not-saved', 'running']);
  });

  it('says why the server cannot plan a complete project, with the fix and the way to the rules or rarity', () => {
    const ready = { ...fresh, description: 'Cats', collectionSize: 20, layers: [layer('Background', 30)] };
    const exact = {
      code: 'EXACT_COUNT_UNREACHABLE',
      message: 'Exact rarity wants 8 tokens with Body/Red, but only 3 valid combinations contain it',
      fix: 'Lower the count of Body/Red or the size, loosen the rules that involve it, or use weighted rarity.',
    };
    const blockers = blockersOf(ready, {
      data: { count: '21', problem: null, infeasible: exact },
      error: null,
      isLoading: false,
    });
    expect(blockers).toEqual([
      {
        id: 'infeasible',
        text: 'Exact rarity wants 8 tokens with Body/Red, but only 3 valid combinations contain it. Lower the count of Body/Red or the size, loosen the rules that involve it, or use weighted rarity.',
        targets: [{ kind: 'field', field: 'rarityMode', label: 'Rarity' }, { kind: 'rules' }],
      },
    ]);
    const unreachable = {
      code: 'TRAIT_UNREACHABLE',
      message: 'Rules make trait "Hat/Crown" impossible: no valid combination contains it',
      fix: 'Change or remove the rules that rule them out, or set their weight to 0.',
    };
    const [rules] = blockersOf(ready, {
      data: { count: '0', problem: null, infeasible: unreachable },
      error: null,
      isLoading: false,
    });
    expect(rules?.targets).toEqual([{ kind: 'rules' }]);
    // A count of 0 from a spec that cannot be counted is not also reported as "too many".
    expect(
      blockersOf(ready, {
        data: { count: '0', problem: null, infeasible: unreachable },
        error: null,
        isLoading: false,
      }),
    ).toHaveLength(1);
  });
});

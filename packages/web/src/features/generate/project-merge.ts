import type { Draft, DraftLayer } from './project-draft.ts';

/** Whose value a conflicting field keeps. */
export type Side = 'mine' | 'theirs';

/** A field both you and the other save changed, differently: the choice is the user's. */
export interface MergeConflict {
  /** Stable per field, e.g. `name` or `layer:<id>:opacity`. */
  id: string;
  /** What the field is, in plain words ("Collection size", "Layer “Eyes”: opacity"). */
  label: string;
  mine: string;
  theirs: string;
  /** The draft with this field set to one side's value. */
  take: (draft: Draft, side: Side) => Draft;
}

/** The result of merging your unsaved edits into the project someone else saved. */
export interface MergeResult {
  /** Everything only one side changed, taken; each conflicting field as they saved it until chosen. */
  merged: Draft;
  conflicts: MergeConflict[];
  /** Your edits that cannot be kept, because their save removed what they were made to (said, not lost silently). */
  notes: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value as the dialog shows it. */
function show(value: unknown): string {
  if (value === '' || value === null || value === undefined) return '(empty)';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  return JSON.stringify(value);
}

/** Three-way choice for one value: what only one side changed wins; both changed differently: null (a conflict). */
function pick<T>(base: T, mine: T, theirs: T): { value: T } | null {
  if (same(mine, theirs) || same(mine, base)) return { value: theirs };
  if (same(theirs, base)) return { value: mine };
  return null;
}

const settings = [
  ['name', 'Name', show],
  ['description', 'Description', show],
  ['collectionSize', 'Collection size', show],
  ['width', 'Width', show],
  ['height', 'Height', show],
  ['rarityMode', 'Rarity mode', (value: unknown) => (value === 'exact' ? 'Exact counts' : 'Weighted')],
  ['seed', 'Seed', show],
  ['metadata', 'Metadata format', (value: unknown) => describeMetadata(value as Draft['metadata'])],
  ['animation', 'Animation', (value: unknown) => describeAnimation(value as Draft['animation'])],
  ['rules', 'Rules', (value: unknown) => countOf((value as unknown[]).length, 'rule')],
  [
    'configurations',
    'Layer configurations',
    (value: unknown) => describeConfigurations(value as Draft['configurations']),
  ],
] as const;

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function describeMetadata(metadata: Draft['metadata']): string {
  const format = { erc721: 'Ethereum', solana: 'Solana', both: 'Ethereum and Solana' }[metadata.format];
  return metadata.solana ? `${format}, symbol ${show(metadata.solana.symbol)}` : format;
}

function describeAnimation(animation: Draft['animation']): string {
  const length = animation.durationSeconds === null ? 'longest layer' : `${animation.durationSeconds} s`;
  return `${animation.format.toUpperCase()}, ${animation.fps} frames a second, ${length}`;
}

function describeConfigurations(configurations: Draft['configurations']): string {
  if (configurations.length === 0) return 'One of every layer';
  return configurations.map((entry) => `${entry.name} (${entry.share} %)`).join(', ');
}

/** Configurations without the editor's keys, as they are compared. */
const configurationsOf = (draft: Draft) =>
  draft.configurations.map(({ key: _key, ...configuration }) => configuration);

const layerFields = [
  ['name', 'name'],
  ['presence', 'presence'],
  ['blend', 'blend'],
  ['opacity', 'opacity'],
  ['showNone', 'shows “None” in metadata'],
] as const;

/**
 * Merges your unsaved edits (`mine`) into the project someone else saved (`theirs`), both made from
 * `base` (the version your edits started from), field by field: settings, each layer's settings, each
 * trait's name and weight, each 1-of-1, the rules and configurations as wholes. A field only one side
 * changed is taken; both changed it differently: a conflict, the merged draft holding theirs until chosen.
 */
export function mergeDrafts(base: Draft, mine: Draft, theirs: Draft): MergeResult {
  const conflicts: MergeConflict[] = [];
  const notes: string[] = [];
  let merged: Draft = { ...theirs };

  for (const [field, label, describe] of settings) {
    const read = (draft: Draft) => (field === 'configurations' ? configurationsOf(draft) : draft[field]);
    const choice = pick(read(base), read(mine), read(theirs));
    const set = (draft: Draft, from: Draft): Draft => ({ ...draft, [field]: from[field] });
    if (choice) {
      if (!same(choice.value, read(theirs))) merged = set(merged, mine);
      continue;
    }
    conflicts.push({
      id: field,
      label,
      mine: describe(mine[field] as never),
      theirs: describe(theirs[field] as never),
      take: (draft, side) => set(draft, side === 'mine' ? mine : theirs),
    });
  }

  merged = { ...merged, layers: mergeLayers(base, mine, theirs, conflicts, notes) };
  merged = { ...merged, oneOfOnes: mergeOneOfOnes(base, mine, theirs, conflicts, notes) };
  return { merged, conflicts, notes };
}

function mergeLayers(
  base: Draft,
  mine: Draft,
  theirs: Draft,
  conflicts: MergeConflict[],
  notes: string[],
): DraftLayer[] {
  const baseById = new Map(base.layers.filter((layer) => layer.id).map((layer) => [layer.id, layer]));
  const mineById = new Map(mine.layers.filter((layer) => layer.id).map((layer) => [layer.id, layer]));
  const theirsIds = new Set(theirs.layers.map((layer) => layer.id));
  const result: DraftLayer[] = [];
  for (const their of theirs.layers) {
    const old = baseById.get(their.id);
    const own = mineById.get(their.id);
    if (!old) {
      result.push(their); // added by their save
      continue;
    }
    if (!own) {
      // Removed by you: kept only when they changed it since (a conflict: keep it or remove it).
      if (same(old, their)) continue;
      const layerId = their.id;
      conflicts.push({
        id: `layer:${layerId}`,
        label: `Layer “${their.name}”`,
        mine: 'Removed',
        theirs: 'Kept, with their changes',
        take: (draft, side) => ({
          ...draft,
          layers:
            side === 'mine'
              ? draft.layers.filter((layer) => layer.id !== layerId)
              : draft.layers.some((layer) => layer.id === layerId)
                ? draft.layers
                : [...draft.layers, their],
        }),
      });
      result.push(their);
      continue;
    }
    let layer: DraftLayer = { ...their, key: own.key };
    for (const [field, label] of layerFields) {
      const choice = pick(old[field], own[field], their[field]);
      if (choice) {
        layer = { ...layer, [field]: choice.value };
        continue;
      }
      const layerId = their.id;
      conflicts.push({
        id: `layer:${layerId}:${field}`,
        label: `Layer “${own.name}”: ${label}`,
        mine: show(own[field]),
        theirs: show(their[field]),
        take: (draft, side) => ({
          ...draft,
          layers: draft.layers.map((entry) =>
            entry.id === layerId ? { ...entry, [field]: (side === 'mine' ? own : their)[field] } : entry,
          ),
        }),
      });
    }
    layer = { ...layer, traits: mergeTraits(old, own, their, conflicts, notes) };
    result.push(layer);
  }
  // Layers their save removed: your edits to them cannot be kept (their images are gone).
  for (const old of base.layers) {
    if (theirsIds.has(old.id)) continue;
    const own = mineById.get(old.id);
    if (own && !same(own, old))
      notes.push(`Layer “${own.name}” was removed by their save, with your changes to it.`);
  }
  // Layers you added (not saved yet) keep their place after the layer they followed.
  mine.layers.forEach((layer, index) => {
    if (layer.id && (baseById.has(layer.id) || theirsIds.has(layer.id))) return;
    const taken = result.some((entry) => entry.name.toLowerCase() === layer.name.toLowerCase());
    const fresh = { ...layer, id: undefined, name: taken ? `${layer.name} (mine)` : layer.name };
    const before = mine.layers[index - 1];
    const at = before ? result.findIndex((entry) => entry.key === before.key) : -1;
    result.splice(at + 1, 0, fresh);
  });
  // Your new order, when only you moved layers.
  const order = (draft: Draft) => draft.layers.filter((layer) => layer.id).map((layer) => layer.id);
  const theirsMoved = !same(
    order(theirs).filter((id) => baseById.has(id)),
    order(base).filter((id) => theirsIds.has(id)),
  );
  if (!theirsMoved) {
    const mineOrder = mine.layers.map((layer) => layer.key);
    const rank = (layer: DraftLayer) => {
      const at = mineOrder.indexOf(layer.key);
      return at === -1 ? Number.MAX_SAFE_INTEGER : at;
    };
    const positions = result.map((layer, index) => ({ layer, index }));
    positions.sort((a, b) => rank(a.layer) - rank(b.layer) || a.index - b.index);
    return positions.map(({ layer }) => layer);
  }
  return result;
}

function mergeTraits(
  base: DraftLayer,
  mine: DraftLayer,
  theirs: DraftLayer,
  conflicts: MergeConflict[],
  notes: string[],
): DraftLayer['traits'] {
  const baseById = new Map(base.traits.map((trait) => [trait.id, trait]));
  const mineById = new Map(mine.traits.map((trait) => [trait.id, trait]));
  const theirsIds = new Set(theirs.traits.map((trait) => trait.id));
  const traits: DraftLayer['traits'] = [];
  for (const their of theirs.traits) {
    const old = baseById.get(their.id);
    const own = mineById.get(their.id);
    if (!old) {
      traits.push(their); // uploaded by them
      continue;
    }
    if (!own) {
      if (same(old, their)) continue; // removed by you
      notes.push(
        `Trait “${their.name}” in “${theirs.name}” is kept: they changed it after you removed it; remove it again if you still mean to.`,
      );
      traits.push(their);
      continue;
    }
    let trait = their;
    for (const field of ['name', 'weight'] as const) {
      const choice = pick(old[field], own[field], their[field]);
      if (choice) {
        trait = { ...trait, [field]: choice.value };
        continue;
      }
      const traitId = their.id;
      conflicts.push({
        id: `trait:${traitId}:${field}`,
        label: `Trait “${own.name}” in “${mine.name}”: ${field === 'name' ? 'name' : 'rarity weight'}`,
        mine: show(own[field]),
        theirs: show(their[field]),
        take: (draft, side) => ({
          ...draft,
          layers: draft.layers.map((layer) => ({
            ...layer,
            traits: layer.traits.map((entry) =>
              entry.id === traitId ? { ...entry, [field]: (side === 'mine' ? own : their)[field] } : entry,
            ),
          })),
        }),
      });
    }
    traits.push(trait);
  }
  for (const old of base.traits) {
    const own = mineById.get(old.id);
    if (!theirsIds.has(old.id) && own && !same(own, old)) {
      notes.push(`Trait “${own.name}” in “${mine.name}” was removed by their save, with your changes to it.`);
    }
  }
  return traits;
}

function mergeOneOfOnes(
  base: Draft,
  mine: Draft,
  theirs: Draft,
  conflicts: MergeConflict[],
  notes: string[],
): Draft['oneOfOnes'] {
  const baseById = new Map(base.oneOfOnes.map((entry) => [entry.id, entry]));
  const mineById = new Map(mine.oneOfOnes.map((entry) => [entry.id, entry]));
  const result: Draft['oneOfOnes'] = [];
  for (const their of theirs.oneOfOnes) {
    const old = baseById.get(their.id);
    const own = mineById.get(their.id);
    if (!old) {
      result.push(their);
      continue;
    }
    if (!own) {
      if (!same(old, their)) {
        notes.push(`1-of-1 “${their.name}” is kept: they changed it after you removed it.`);
        result.push(their);
      }
      continue;
    }
    const choice = pick(old, own, their);
    if (choice) {
      result.push(choice.value);
      continue;
    }
    const entryId = their.id;
    conflicts.push({
      id: `one-of-one:${entryId}`,
      label: `1-of-1 “${own.name}”`,
      mine: describeOneOfOne(own),
      theirs: describeOneOfOne(their),
      take: (draft, side) => ({
        ...draft,
        oneOfOnes: draft.oneOfOnes.map((entry) =>
          entry.id === entryId ? (side === 'mine' ? own : their) : entry,
        ),
      }),
    });
    result.push(their);
  }
  for (const old of base.oneOfOnes) {
    const own = mineById.get(old.id);
    if (own && !theirs.oneOfOnes.some((entry) => entry.id === old.id) && !same(own, old)) {
      notes.push(`1-of-1 “${own.name}” was removed by their save, with your changes to it.`);
    }
  }
  return result;
}

function describeOneOfOne(entry: Draft['oneOfOnes'][number]): string {
  const attributes = entry.attributes.map((attribute) => `${attribute.trait_type}: ${attribute.value}`);
  return attributes.length > 0 ? `${entry.name} (${attributes.join(', ')})` : entry.name;
}

/** The draft with each conflict resolved as chosen (a conflict not in `choices` keeps theirs). */
export function resolveConflicts(
  merged: Draft,
  conflicts: readonly MergeConflict[],
  choices: Readonly<Record<string, Side>>,
): Draft {
  return conflicts.reduce(
    (draft, conflict) => conflict.take(draft, choices[conflict.id] ?? 'theirs'),
    merged,
  );
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The layers of a project as far as trait comments care: ids and names. */
export interface TraitNames {
  name: string;
  traits: { id: string; name: string }[];
}

const keyOf = (layer: string, trait: string) => `${layer}\u0000${trait}`;

/** Where each trait whose layer or own name changed was, and is now (matched by trait id). */
function renamesOf(before: TraitNames[], after: TraitNames[]): Map<string, { layer: string; trait: string }> {
  const was = new Map<string, string>();
  for (const layer of before)
    for (const trait of layer.traits) was.set(trait.id, keyOf(layer.name, trait.name));
  const renames = new Map<string, { layer: string; trait: string }>();
  for (const layer of after)
    for (const trait of layer.traits) {
      const old = was.get(trait.id);
      if (old !== undefined && old !== keyOf(layer.name, trait.name))
        renames.set(old, { layer: layer.name, trait: trait.name });
    }
  return renames;
}

/**
 * Moves a project's trait comments to the traits' new names after a save renamed a layer or a trait
 * (comments are kept by name). All rows are moved at once from the old names, so swapping two names
 * swaps their threads. A deleted trait's comments stay under its old name, in the project's whole thread.
 */
export async function moveTraitComments(
  db: Kysely<Database>,
  projectId: string,
  before: TraitNames[],
  after: TraitNames[],
): Promise<number> {
  const renames = renamesOf(before, after);
  if (renames.size === 0) return 0;
  const rows = await db
    .selectFrom('review_comments')
    .select(['id', 'layer', 'trait'])
    .where('resource_kind', '=', 'project')
    .where('resource_id', '=', projectId)
    .where('layer', 'is not', null)
    .execute();
  let moved = 0;
  for (const row of rows) {
    const target = renames.get(keyOf(row.layer ?? '', row.trait ?? ''));
    if (!target) continue;
    await db
      .updateTable('review_comments')
      .set({ layer: target.layer, trait: target.trait })
      .where('id', '=', row.id)
      .execute();
    moved++;
  }
  return moved;
}

import { type Kysely, sql } from 'kysely';

// The limits as they stood when this migration was written (packages/api's PROJECT_LIMITS may change
// later; a migration must keep doing what it did).
const NAME_LENGTH = 100;
const MAX_WEIGHT = 1_000_000;

interface StoredName {
  name: string;
}
interface StoredTrait extends StoredName {
  weight: number;
}
interface StoredLayer extends StoredName {
  traits: StoredTrait[];
}

/** A name within the limit: trimmed and cut, never empty, never taken by an earlier sibling. */
function fitName(name: string, taken: Set<string>, fallback: string): string {
  const base = name.trim().slice(0, NAME_LENGTH).trim() || fallback;
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    candidate = base.slice(0, NAME_LENGTH - suffix.length) + suffix;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Uploads and ZIP imports used to accept trait names and weights the editor refuses (a 3,000-character
 * name, `#1e308`), after which every autosave failed: such projects are brought within the limits so
 * their owners can edit them again. Names are cut to 100 characters, weights capped at 1,000,000.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: string; layers: string }>`select id, layers from projects`.execute(db);
  for (const row of rows.rows) {
    const layers = JSON.parse(row.layers) as StoredLayer[];
    let changed = false;
    const layerNames = new Set<string>();
    for (const [index, layer] of layers.entries()) {
      const name = fitName(layer.name, layerNames, `Layer ${index + 1}`);
      if (name !== layer.name) [layer.name, changed] = [name, true];
      const traitNames = new Set<string>();
      for (const [traitIndex, trait] of layer.traits.entries()) {
        const traitName = fitName(trait.name, traitNames, `Trait ${traitIndex + 1}`);
        if (traitName !== trait.name) [trait.name, changed] = [traitName, true];
        const weight = Number.isFinite(trait.weight) ? Math.min(Math.max(trait.weight, 0), MAX_WEIGHT) : 1;
        if (weight !== trait.weight) [trait.weight, changed] = [weight, true];
      }
    }
    if (changed) {
      await sql`update projects set layers = ${JSON.stringify(layers)} where id = ${row.id}`.execute(db);
    }
  }
}

import { NotEnoughCombinationsError, UnreachableTraitError } from '../errors/sample-errors.ts';
import { describeTrait, type ResolvedCollection } from '../spec/resolve-collection.ts';
import { buildCombinationTable, type CombinationTable, countOptionOccurrences } from './combination-table.ts';
import { buildConfigurationModel } from './configuration-model.ts';
import { createRandom, shuffleInPlace } from './random.ts';
import { sampleExact } from './sample-exact.ts';
import { sampleWeighted } from './sample-weighted.ts';
import { TakenCombinations } from './taken-combinations.ts';
import { UsedCombinations } from './used-combinations.ts';

/** One token of the collection: a generated combination or a 1-of-1. */
export type PlannedToken =
  | {
      kind: 'generated';
      /** Edition number, from 1. */
      edition: number;
      configuration: number;
      /** Trait index per collection layer, -1 where the layer is absent or not in the configuration. */
      traits: Int32Array;
    }
  | { kind: 'one-of-one'; edition: number; oneOfOne: number };

/** Every token of a collection in edition order. */
export interface CollectionPlan {
  collection: ResolvedCollection;
  tokens: PlannedToken[];
}

/** The counting tables of each configuration (built once, shared by checks and sampling). */
export function buildConfigurationTables(collection: ResolvedCollection): CombinationTable[] {
  return collection.configurations.map((configuration) =>
    buildCombinationTable(buildConfigurationModel(collection, configuration)),
  );
}

/**
 * Decides every token of a collection from its spec and seed, before any rendering: which
 * combination each generated token shows (unique, valid, following the rarity mode) and where
 * 1-of-1s go (`tables` when already built). Fails at once with the exact number of valid combinations when a configuration
 * asks for more, and names traits that rules make unreachable.
 */
export function planCollection(
  collection: ResolvedCollection,
  tables: CombinationTable[] = buildConfigurationTables(collection),
): CollectionPlan {
  assertReachable(collection, tables);
  const seed = collection.spec.seed;
  const taken = new TakenCombinations(collection.layers.length);
  const generated: PlannedToken[] = [];
  collection.configurations.forEach((configuration, index) => {
    const table = tables[index]!;
    const used = new UsedCombinations(table.model);
    for (const options of taken.within(table.model)) used.add(options);
    const available = table.total - BigInt(used.size);
    if (BigInt(configuration.size) > available) {
      const where = collection.configurations.length > 1 ? ` in ${configuration.name}` : '';
      const reason =
        used.size > 0
          ? `${used.size} of its ${table.total} are already used by earlier configurations`
          : undefined;
      throw new NotEnoughCombinationsError(configuration.size, available, where, reason);
    }
    const random = createRandom(seed, `configuration:${index}`);
    const drawn =
      collection.spec.rarity === 'exact'
        ? sampleExact(table, collection.layers, configuration.size, taken, random)
        : sampleWeighted(table, configuration.size, used, taken, random);
    for (const options of drawn) {
      generated.push({
        kind: 'generated',
        edition: 0,
        configuration: index,
        traits: taken.traitsOf(table.model, options),
      });
    }
  });
  const oneOfOnes: PlannedToken[] = collection.oneOfOnes.map((token) => ({
    kind: 'one-of-one',
    edition: 0,
    oneOfOne: token.index,
  }));
  const tokens = [...generated, ...oneOfOnes];
  if (collection.spec.output.shuffle) shuffleInPlace(tokens, createRandom(seed, 'editions'));
  tokens.forEach((token, index) => {
    token.edition = index + 1;
  });
  return { collection, tokens };
}

/** Throws `UnreachableTraitError` for chooseable traits (weight > 0) that no valid combination of any configuration holds. */
function assertReachable(collection: ResolvedCollection, tables: CombinationTable[]): void {
  const reachable = collection.layers.map((layer) => new Array<boolean>(layer.traits.length).fill(false));
  const used = collection.layers.map(() => false);
  tables.forEach((table, index) => {
    if (collection.configurations[index]!.size === 0) return;
    const occurrences = countOptionOccurrences(table);
    table.model.positions.forEach((position, p) => {
      used[position.layer] = true;
      for (let trait = 0; trait < collection.layers[position.layer]!.traits.length; trait++) {
        if (occurrences[p]![trait]! > 0n) reachable[position.layer]![trait] = true;
      }
    });
  });
  const unreachable: string[] = [];
  collection.layers.forEach((layer) => {
    if (!used[layer.index] || layer.presence === 0) return;
    layer.traits.forEach((trait) => {
      if (trait.weight > 0 && !reachable[layer.index]![trait.index]) {
        unreachable.push(describeTrait(collection.layers, layer.index, trait.index));
      }
    });
  });
  if (unreachable.length > 0) throw new UnreachableTraitError(unreachable);
}

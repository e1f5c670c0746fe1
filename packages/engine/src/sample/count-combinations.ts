import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { type ResolvedCollection, resolveCollection } from '../spec/resolve-collection.ts';
import type { CombinationTable } from './combination-table.ts';
import { buildConfigurationTables } from './plan-collection.ts';

/** Valid-combination counts of a spec: per configuration and summed. */
export interface CombinationCount {
  /** Sum over configurations (a combination two configurations can both show is counted in each). */
  total: bigint;
  configurations: { name: string; size: number; total: bigint }[];
}

/** Counts the distinct valid combinations of a spec exactly (for the live count in the editor); no assets are read. */
export function countValidCombinations(specInput: unknown): CombinationCount {
  const collection = resolveCollection(parseCollectionSpec(specInput));
  return countConfigurations(collection, buildConfigurationTables(collection));
}

/** The counts of a resolved collection from its configurations' tables, per configuration and summed. */
export function countConfigurations(
  collection: ResolvedCollection,
  tables: CombinationTable[],
): CombinationCount {
  const configurations = collection.configurations.map((configuration, index) => ({
    name: configuration.name,
    size: configuration.size,
    total: tables[index]!.total,
  }));
  return { total: configurations.reduce((sum, entry) => sum + entry.total, 0n), configurations };
}

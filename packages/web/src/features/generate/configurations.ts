import { configurationSizes, PROJECT_LIMITS } from '@layerloom/api';
import type { DraftConfiguration, DraftLayer } from './project-draft.ts';

let nextKey = 0;
/** A key for a configuration that has no server id yet. */
export function newConfigurationKey(): string {
  nextKey += 1;
  return `new-configuration-${nextKey}`;
}

/** A new configuration: every layer in project order, an even share, the first free "Configuration N" name. */
export function newConfiguration(
  configurations: readonly DraftConfiguration[],
  layers: readonly DraftLayer[],
): DraftConfiguration {
  const taken = new Set(configurations.map((configuration) => configuration.name.toLowerCase()));
  let number = configurations.length + 1;
  while (taken.has(`configuration ${number}`)) number++;
  return {
    key: newConfigurationKey(),
    name: `Configuration ${number}`,
    share: 1,
    layers: layers.map((layer) => layer.name),
  };
}

/** Tokens each configuration makes and its percentage of them, as the server will split them. */
export function configurationShares(
  configurations: readonly Pick<DraftConfiguration, 'share'>[],
  collectionSize: number | null | undefined,
): { size: number; percent: number }[] {
  const total = typeof collectionSize === 'number' && Number.isInteger(collectionSize) ? collectionSize : 0;
  const shares = configurations.map((configuration) => configuration.share);
  const sum = shares.reduce((acc, share) => acc + share, 0);
  const sizes = configurationSizes(total, shares);
  return sizes.map((size, index) => ({
    size,
    percent: sum > 0 ? Math.round((shares[index]! / sum) * 1000) / 10 : 0,
  }));
}

/** Why a configuration name cannot be used, or null. */
export function configurationNameProblem(
  name: string,
  configurations: readonly DraftConfiguration[],
  except: string,
): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Configuration name is required!';
  if (trimmed.length > PROJECT_LIMITS.nameLength) {
    return `Configuration name is too long (at most ${PROJECT_LIMITS.nameLength} characters)`;
  }
  const lower = trimmed.toLowerCase();
  if (configurations.some((entry) => entry.key !== except && entry.name.toLowerCase() === lower)) {
    return `There is already a configuration named “${trimmed}”`;
  }
  return null;
}

/** Configurations after a layer is renamed: they name it by its new name. */
export function renameLayerInConfigurations(
  configurations: readonly DraftConfiguration[],
  from: string,
  to: string,
): DraftConfiguration[] {
  return configurations.map((configuration) => ({
    ...configuration,
    layers: configuration.layers.map((layer) => (layer === from ? to : layer)),
  }));
}

/** Configurations after layers are deleted: the gone layers leave them, and one left without layers goes. */
export function pruneConfigurations(
  configurations: readonly DraftConfiguration[],
  layers: readonly DraftLayer[],
): DraftConfiguration[] {
  const names = new Set(layers.map((layer) => layer.name));
  return configurations
    .map((configuration) => ({
      ...configuration,
      layers: configuration.layers.filter((layer) => names.has(layer)),
    }))
    .filter((configuration) => configuration.layers.length > 0);
}

/** A configuration's layers with the one at `from` moved to `to`. */
export function moveConfigurationLayer(layers: readonly string[], from: number, to: number): string[] {
  if (to < 0 || to >= layers.length || from === to) return [...layers];
  const moved = [...layers];
  const [layer] = moved.splice(from, 1);
  moved.splice(to, 0, layer!);
  return moved;
}

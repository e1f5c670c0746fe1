import {
  type Configuration,
  type Layer,
  type Project,
  projectFieldProblem,
  type UpdateProjectBody,
} from '@layerloom/api';
import { metadataProblem } from './metadata-check.ts';

/** A layer being edited: `id` is missing until the server has saved a new layer; `key` is stable either way. */
export type DraftLayer = Omit<Layer, 'id'> & { id?: string | undefined; key: string };

/** A layer configuration being edited: `id` is missing until the server has saved it; `key` is stable. */
export type DraftConfiguration = Omit<Configuration, 'id'> & { id?: string | undefined; key: string };

/** The project as the editor holds it between saves. */
export type Draft = Omit<Project, 'layers' | 'configurations'> & {
  layers: DraftLayer[];
  configurations: DraftConfiguration[];
};

let nextKey = 0;
/** A key for a layer that has no server id yet. */
export function newLayerKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** The editor's copy of a project from the server. */
export function toDraft(project: Project): Draft {
  return {
    ...project,
    layers: project.layers.map((layer) => ({ ...layer, key: layer.id })),
    configurations: project.configurations.map((configuration) => ({
      ...configuration,
      key: configuration.id,
    })),
  };
}

const scalarFields = [
  'name',
  'description',
  'collectionSize',
  'width',
  'height',
  'rarityMode',
  'seed',
] as const;
type ScalarField = (typeof scalarFields)[number];

/**
 * The autosave body: every field the server will accept as it is now. A field the user is midway
 * through (an empty name, a size out of bounds) is left out — the form shows why — and the rest saves.
 */
export function saveBody(draft: Draft): { body: UpdateProjectBody; skipped: (ScalarField | 'metadata')[] } {
  const body: Record<string, unknown> = {};
  const skipped: (ScalarField | 'metadata')[] = [];
  for (const field of scalarFields) {
    if (projectFieldProblem(field, draft[field]) === null) body[field] = draft[field];
    else skipped.push(field);
  }
  body.layers = draft.layers.map((layer) => ({
    ...(layer.id ? { id: layer.id } : {}),
    name: layer.name,
    presence: layer.presence,
    blend: layer.blend,
    opacity: layer.opacity,
    showNone: layer.showNone ?? false,
    traits: layer.traits.map((trait) => ({ id: trait.id, name: trait.name, weight: trait.weight })),
  }));
  body.rules = draft.rules;
  body.animation = draft.animation;
  // Solana settings midway (a blank address, shares not at 100 % yet) stay in the editor, which says why;
  // unfinished ones are not kept once Ethereum only is chosen again. Settings not checked yet (their check
  // is loading: metadata-check.ts) are not sent: the server keeps its own until they are.
  const problem = metadataProblem(draft.metadata);
  if (problem === null) body.metadata = draft.metadata;
  else if (problem && draft.metadata.format === 'erc721') body.metadata = { format: 'erc721', solana: null };
  else if (problem) skipped.push('metadata');
  body.configurations = draft.configurations.map((configuration) => ({
    ...(configuration.id ? { id: configuration.id } : {}),
    name: configuration.name,
    share: configuration.share,
    layers: configuration.layers,
  }));
  // An attribute row the user is still filling in stays in the editor until both halves are there.
  body.oneOfOnes = draft.oneOfOnes.map((oneOfOne) => ({
    id: oneOfOne.id,
    name: oneOfOne.name,
    attributes: oneOfOne.attributes
      .map((attribute) => ({ trait_type: attribute.trait_type.trim(), value: attribute.value.trim() }))
      .filter((attribute) => attribute.trait_type !== '' && attribute.value !== ''),
  }));
  return { body: body as UpdateProjectBody, skipped };
}

/**
 * Gives new layers the ids the server assigned (names are unique per project, so they match by name),
 * keeping every edit made while the save was on its way.
 */
export function adoptServerIds(draft: Draft, saved: Project): Draft {
  if (draft.layers.every((layer) => layer.id) && draft.configurations.every((entry) => entry.id))
    return draft;
  const byName = new Map(saved.layers.map((layer) => [layer.name.toLowerCase(), layer.id]));
  const configurationByName = new Map(
    saved.configurations.map((configuration) => [configuration.name.toLowerCase(), configuration.id]),
  );
  return {
    ...draft,
    layers: draft.layers.map((layer) =>
      layer.id ? layer : { ...layer, id: byName.get(layer.name.toLowerCase()) },
    ),
    configurations: draft.configurations.map((configuration) =>
      configuration.id
        ? configuration
        : { ...configuration, id: configurationByName.get(configuration.name.toLowerCase()) },
    ),
  };
}

/** Why a layer name cannot be used, or null. */
export function layerNameProblem(
  name: string,
  layers: readonly DraftLayer[],
  except?: string,
): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Layer name is required!';
  if (trimmed.length > 100) return 'Layer name is too long (at most 100 characters)';
  if (trimmed.includes('/')) return 'Layer names cannot contain “/”';
  const lower = trimmed.toLowerCase();
  if (layers.some((layer) => layer.key !== except && layer.name.toLowerCase() === lower)) {
    return `There is already a layer named “${trimmed}”`;
  }
  return null;
}

/** Why a trait name cannot be used in its layer, or null. */
export function traitNameProblem(
  name: string,
  traits: readonly { id: string; name: string }[],
  except: string,
): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Trait name is required!';
  if (trimmed.length > 100) return 'Trait name is too long (at most 100 characters)';
  const lower = trimmed.toLowerCase();
  if (traits.some((trait) => trait.id !== except && trait.name.toLowerCase() === lower)) {
    return `This layer already has a trait named “${trimmed}”`;
  }
  return null;
}

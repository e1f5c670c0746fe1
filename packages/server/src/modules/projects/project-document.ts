import {
  type AnimationSettings,
  AnimationSettingsSchema,
  BlendSchema,
  ConfigurationSchema,
  type MetadataFormatSettings,
  MetadataFormatSettingsSchema,
  OneOfOneAttributeSchema,
  type Project,
  ProjectRuleSchema,
  type ProjectSummary,
  TraitImageSchema,
} from '@layerloom/api';
import { z } from 'zod';
import type { ProjectTable } from '../../db/schema.ts';

/** A trait as stored: the view plus the blob key of its image (and its hash, for traits uploaded since it is kept). */
export const StoredTraitSchema = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number(),
  key: z.string(),
  sha256: z.string().optional(),
  image: TraitImageSchema,
});
export type StoredTrait = z.infer<typeof StoredTraitSchema>;

export const StoredLayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  presence: z.number(),
  blend: BlendSchema,
  opacity: z.number(),
  // Layers saved before the switch existed leave None out of metadata, as new ones do.
  showNone: z.boolean().default(false),
  traits: z.array(StoredTraitSchema),
});
export type StoredLayer = z.infer<typeof StoredLayerSchema>;

export type StoredConfiguration = z.infer<typeof ConfigurationSchema>;

/** A 1-of-1 as stored: the view plus the blob key of its artwork. */
export const StoredOneOfOneSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  image: TraitImageSchema,
  attributes: z.array(OneOfOneAttributeSchema),
});
export type StoredOneOfOne = z.infer<typeof StoredOneOfOneSchema>;

/** A project row with its JSON columns parsed. */
export interface StoredProject
  extends Omit<
    ProjectTable,
    'layers' | 'rules' | 'configurations' | 'one_of_ones' | 'animation' | 'metadata'
  > {
  layers: StoredLayer[];
  rules: z.infer<typeof ProjectRuleSchema>[];
  /** Empty: one configuration of every layer. */
  configurations: StoredConfiguration[];
  oneOfOnes: StoredOneOfOne[];
  /** Animated output settings (used when a trait is animated or a video). */
  animation: AnimationSettings;
  /** Which metadata generation writes, and Solana's fields. */
  metadata: MetadataFormatSettings;
}

export function parseProjectRow(row: ProjectTable): StoredProject {
  return {
    ...row,
    layers: z.array(StoredLayerSchema).parse(JSON.parse(row.layers)),
    rules: z.array(ProjectRuleSchema).parse(JSON.parse(row.rules)),
    // Snapshots taken before configurations existed have none.
    configurations: z.array(ConfigurationSchema).parse(JSON.parse(row.configurations ?? '[]')),
    oneOfOnes: z.array(StoredOneOfOneSchema).parse(JSON.parse(row.one_of_ones ?? '[]')),
    // Rows and snapshots from before the settings existed take the defaults.
    animation: AnimationSettingsSchema.parse(JSON.parse(row.animation ?? '{}')),
    // Rows and snapshots from before the choice existed write Ethereum metadata only.
    metadata: MetadataFormatSettingsSchema.parse(JSON.parse(row.metadata ?? '{}')),
    // Snapshots taken before versions were kept have none.
    version: row.version ?? 1,
    updated_by: row.updated_by ?? null,
  };
}

export function serializeProject(project: StoredProject): ProjectTable {
  const { oneOfOnes, ...rest } = project;
  return {
    ...rest,
    layers: JSON.stringify(project.layers),
    rules: JSON.stringify(project.rules),
    configurations: JSON.stringify(project.configurations),
    one_of_ones: JSON.stringify(oneOfOnes),
    animation: JSON.stringify(project.animation),
    metadata: JSON.stringify(project.metadata),
  };
}

/** The API view: no blob keys; `updatedBy` is the name of who saved last (see updaterName). */
export function projectView(project: StoredProject, updatedBy: string | null = null): Project {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    collectionSize: project.collection_size,
    width: project.width,
    height: project.height,
    rarityMode: project.rarity_mode === 'exact' ? 'exact' : 'weighted',
    seed: project.seed,
    layers: project.layers.map((layer) => ({
      ...layer,
      traits: layer.traits.map(({ key: _key, sha256: _sha256, ...trait }) => trait),
    })),
    rules: project.rules,
    configurations: project.configurations,
    oneOfOnes: project.oneOfOnes.map(({ key: _key, ...oneOfOne }) => oneOfOne),
    animation: project.animation,
    metadata: project.metadata,
    createdAt: project.created_at,
    updatedAt: project.updated_at,
    version: project.version,
    updatedBy,
    workspaceId: project.workspace_id,
  };
}

export function projectSummary(project: StoredProject): ProjectSummary {
  return {
    id: project.id,
    name: project.name,
    collectionSize: project.collection_size,
    layerCount: project.layers.length,
    traitCount: project.layers.reduce((sum, layer) => sum + layer.traits.length, 0),
    updatedAt: project.updated_at,
    workspaceId: project.workspace_id,
  };
}

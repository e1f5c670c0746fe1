import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { ErrorBodySchema } from '../errors.ts';
import { WorkspaceIdSchema, WorkspaceQuerySchema } from '../workspaces/workspace.ts';
import { AnimationSettingsSchema } from './animation-settings.ts';
import { MetadataFormatSettingsSchema } from './metadata-format.ts';
import {
  COLLECTION_SIZE_RULE,
  DESCRIPTION_RULE,
  dimensionRule,
  RARITY_MODES,
  SEED_RULE,
} from './project-fields.ts';
import {
  LayerNameSchema,
  nameSchema,
  PROJECT_LIMITS,
  TraitNameSchema,
  TraitWeightSchema,
  textSchema,
  wholeNumberSchema,
} from './project-limits.ts';

/** How a layer is drawn over the layers below it. */
export const BlendSchema = z.enum([
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
]);
export type Blend = z.infer<typeof BlendSchema>;

export const RarityModeSchema = z.enum(RARITY_MODES, { error: 'Rarity is weighted or exact' });

/** An uploaded trait image as stored: a still or animated image, or a video. */
export const TraitImageSchema = z.object({
  contentType: z.enum([
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/apng',
    'video/mp4',
    'video/quicktime',
    'video/webm',
  ]),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  /** Frames and play time (one loop) of an animated image or video; absent for a still. */
  animation: z.object({ frames: z.number().int(), durationMs: z.number().int() }).optional(),
});
export type TraitImage = z.infer<typeof TraitImageSchema>;

export const TraitSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Relative weight (weighted mode) or count (exact mode). */
  weight: z.number(),
  image: TraitImageSchema,
});
export type Trait = z.infer<typeof TraitSchema>;

export const LayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Chance the layer appears at all, 0–100 %. */
  presence: z.number(),
  blend: BlendSchema,
  /** 0–1. */
  opacity: z.number(),
  /** Whether metadata says "None" where the layer is absent (and keeps a trait named None); absent means off. */
  showNone: z.boolean().optional(),
  traits: z.array(TraitSchema),
});
export type Layer = z.infer<typeof LayerSchema>;

const traitRefText = z.string().trim().min(1).max(200);

/** A rule between traits, naming traits as `Layer/Trait`. */
export const ProjectRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('excludes'), trait: traitRefText, other: traitRefText }),
  z.object({ kind: z.literal('requires'), trait: traitRefText, other: traitRefText }),
  z.object({
    kind: z.literal('requires-one-of'),
    trait: traitRefText,
    layer: z.string().trim().min(1).max(100),
    traits: z.array(z.string().trim().min(1).max(100)).min(1).max(200),
  }),
]);
export type ProjectRule = z.infer<typeof ProjectRuleSchema>;

/**
 * A layer configuration: its own layers (by name, bottom first, in its own order) and its share of
 * the generated tokens (shares are relative: 3 and 1 make 75 % and 25 %).
 */
export const ConfigurationSchema = z.object({
  id: z.string(),
  name: z.string(),
  share: z.number().int(),
  layers: z.array(z.string()),
});
export type Configuration = z.infer<typeof ConfigurationSchema>;

/** A configuration as the editor sends it: new ones have no id. */
export const ConfigurationUpdateSchema = z.object({
  id: z.string().optional(),
  name: nameSchema('Configuration name'),
  share: z
    .number({ error: 'Share must be a number' })
    .int('Share must be a whole number')
    .min(1, 'Share must be at least 1')
    .max(PROJECT_LIMITS.maxShare, `Share is at most ${PROJECT_LIMITS.maxShare.toLocaleString('en-US')}`),
  layers: z
    .array(z.string().trim().min(1).max(PROJECT_LIMITS.nameLength))
    .min(1, 'A configuration needs at least one layer')
    .max(PROJECT_LIMITS.layers, `At most ${PROJECT_LIMITS.layers} layers`),
});

/** An attribute of a 1-of-1, as written to its metadata. */
export const OneOfOneAttributeSchema = z.object({
  trait_type: z.string().trim().min(1, 'Attribute name is required!').max(PROJECT_LIMITS.nameLength),
  value: z.string().trim().min(1, 'Attribute value is required!').max(200, 'Attribute value is too long'),
});

/** A finished artwork of its own, placed among the generated tokens (with the seed) and counted in the size. */
export const OneOfOneSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: TraitImageSchema,
  attributes: z.array(OneOfOneAttributeSchema),
});
export type OneOfOne = z.infer<typeof OneOfOneSchema>;

/** A 1-of-1 as the editor sends it back: uploads add them, this edits or (left out) deletes them. */
export const OneOfOneUpdateSchema = z.object({
  id: z.string(),
  name: nameSchema('1-of-1 name'),
  attributes: z.array(OneOfOneAttributeSchema).max(20, 'At most 20 attributes on a 1-of-1'),
});

export const ProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  collectionSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  rarityMode: RarityModeSchema,
  seed: z.string(),
  layers: z.array(LayerSchema),
  rules: z.array(ProjectRuleSchema),
  /** Empty: one configuration of every layer in project order. */
  configurations: z.array(ConfigurationSchema),
  oneOfOnes: z.array(OneOfOneSchema),
  /** How tokens render when a trait is animated or a video. */
  animation: AnimationSettingsSchema,
  /** Which metadata generation writes (Ethereum, Solana or both) and Solana's own fields. */
  metadata: MetadataFormatSettingsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every save, upload and import; answered as the ETag and sent back as If-Match. */
  version: z.number().int(),
  /** The name of who saved last (null for a project not saved since versions were kept). */
  updatedBy: z.string().nullable(),
  /**
   * The workspace it belongs to: its members reach it with their role there. This server always says; a client
   * reads its absence (an older server) as the caller's personal workspace.
   */
  workspaceId: z.string().optional(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  collectionSize: z.number().int(),
  layerCount: z.number().int(),
  traitCount: z.number().int(),
  updatedAt: z.string(),
  /** Its workspace (always sent by this server; absent from an older one: the personal workspace). */
  workspaceId: z.string().optional(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const CollectionSizeSchema = wholeNumberSchema(COLLECTION_SIZE_RULE);

export const DimensionSchema = (what: 'Width' | 'Height') => wholeNumberSchema(dimensionRule(what));

export const CreateProjectBodySchema = z.object({
  name: nameSchema('Project Name'),
  description: textSchema(DESCRIPTION_RULE).default(''),
  collectionSize: CollectionSizeSchema,
  width: DimensionSchema('Width'),
  height: DimensionSchema('Height'),
  /** The workspace to make it in (the caller must be an Editor or above there); left out, their personal one. */
  workspaceId: WorkspaceIdSchema.optional(),
});
export type CreateProjectBody = z.input<typeof CreateProjectBodySchema>;

/** A layer as the editor sends it back: new layers have no id; traits can only be edited, not added (upload adds them). */
export const LayerUpdateSchema = z.object({
  id: z.string().optional(),
  name: LayerNameSchema,
  presence: z.number().min(0, 'Presence is 0–100 %').max(100, 'Presence is 0–100 %').default(100),
  blend: BlendSchema.default('normal'),
  opacity: z.number().min(0).max(1).default(1),
  showNone: z.boolean().default(false),
  traits: z
    .array(
      z.object({
        id: z.string(),
        name: TraitNameSchema,
        weight: TraitWeightSchema,
      }),
    )
    .max(PROJECT_LIMITS.traitsPerLayer, `At most ${PROJECT_LIMITS.traitsPerLayer} images in a layer`)
    .default([]),
});

export const UpdateProjectBodySchema = z
  .object({
    name: nameSchema('Project Name'),
    description: textSchema(DESCRIPTION_RULE),
    collectionSize: CollectionSizeSchema,
    width: DimensionSchema('Width'),
    height: DimensionSchema('Height'),
    rarityMode: RarityModeSchema,
    seed: textSchema(SEED_RULE),
    /** The whole ordered layer list (bottom first); layers left out are deleted with their images. */
    layers: z.array(LayerUpdateSchema).max(PROJECT_LIMITS.layers, `At most ${PROJECT_LIMITS.layers} layers`),
    rules: z.array(ProjectRuleSchema).max(PROJECT_LIMITS.rules, `At most ${PROJECT_LIMITS.rules} rules`),
    /** The whole list of layer configurations; empty for one configuration of every layer. */
    configurations: z
      .array(ConfigurationUpdateSchema)
      .max(PROJECT_LIMITS.configurations, `At most ${PROJECT_LIMITS.configurations} configurations`),
    /** The 1-of-1s kept, with their names and attributes; those left out are deleted with their images. */
    oneOfOnes: z
      .array(OneOfOneUpdateSchema)
      .max(PROJECT_LIMITS.oneOfOnes, `At most ${PROJECT_LIMITS.oneOfOnes} 1-of-1s`),
    /** Animated output: format, frame rate, duration, poster frame, GIF dithering. */
    animation: AnimationSettingsSchema,
    /** Metadata format (Ethereum ERC-721, Solana Metaplex or both) and the Solana fields. */
    metadata: MetadataFormatSettingsSchema,
  })
  .partial();
export type UpdateProjectBody = z.input<typeof UpdateProjectBodySchema>;

export const ProjectIdParamsSchema = z.object({ id: z.string().min(1) });

/** `GET /api/v1/projects?workspace=<id>`: a workspace's projects (left out: the caller's personal workspace). */
export const listProjects = {
  method: 'GET',
  path: '/api/v1/projects',
  querystring: WorkspaceQuerySchema,
  response: successSchema(z.object({ projects: z.array(ProjectSummarySchema) })),
} as const;

export const createProject = {
  method: 'POST',
  path: '/api/v1/projects',
  body: CreateProjectBodySchema,
  response: successSchema(z.object({ project: ProjectSchema })),
} as const;

export const getProject = {
  method: 'GET',
  path: '/api/v1/projects/:id',
  params: ProjectIdParamsSchema,
  response: successSchema(z.object({ project: ProjectSchema })),
} as const;

export const updateProject = {
  method: 'PATCH',
  path: '/api/v1/projects/:id',
  params: ProjectIdParamsSchema,
  headers: z.object({
    'if-match': z
      .string()
      .optional()
      .describe(
        'The ETag of the project as it was read (its version, e.g. "3"): the save applies only onto that version, else 412 PRECONDITION_FAILED and nothing is written',
      ),
  }),
  body: UpdateProjectBodySchema,
  response: successSchema(z.object({ project: ProjectSchema })),
  /** The answer when If-Match names a version that is no longer current: who saved since, and when. */
  preconditionFailedResponse: ErrorBodySchema,
} as const;

export const deleteProject = {
  method: 'DELETE',
  path: '/api/v1/projects/:id',
  params: ProjectIdParamsSchema,
  response: successSchema(z.object({ id: z.string() })),
} as const;

/** `POST /api/v1/projects/{id}/layers/{layerId}/traits`: multipart upload of trait images (field `files`). */
export const uploadTraits = {
  method: 'POST',
  path: '/api/v1/projects/:id/layers/:layerId/traits',
  params: z.object({ id: z.string().min(1), layerId: z.string().min(1) }),
  response: successSchema(z.object({ project: ProjectSchema, added: z.array(TraitSchema) })),
} as const;

/** `POST /api/v1/projects/{id}/one-of-ones`: multipart upload of one finished artwork (field `file`), a still image. */
export const uploadOneOfOne = {
  method: 'POST',
  path: '/api/v1/projects/:id/one-of-ones',
  params: ProjectIdParamsSchema,
  response: successSchema(z.object({ project: ProjectSchema, added: OneOfOneSchema })),
} as const;

/** `GET /api/v1/projects/{id}/one-of-ones/{oneOfOneId}/image`: the uploaded artwork. */
export const getOneOfOneImage = {
  method: 'GET',
  path: '/api/v1/projects/:id/one-of-ones/:oneOfOneId/image',
  params: z.object({ id: z.string().min(1), oneOfOneId: z.string().min(1) }),
} as const;

/** `GET /api/v1/projects/{id}/traits/{traitId}/image`: the uploaded image. */
export const getTraitImage = {
  method: 'GET',
  path: '/api/v1/projects/:id/traits/:traitId/image',
  params: z.object({ id: z.string().min(1), traitId: z.string().min(1) }),
} as const;

/** `GET /api/v1/projects/{id}/traits/{traitId}/thumbnail`: a PNG of the trait's first frame (an animation's or video's poster). */
export const getTraitThumbnail = {
  method: 'GET',
  path: '/api/v1/projects/:id/traits/:traitId/thumbnail',
  params: z.object({ id: z.string().min(1), traitId: z.string().min(1) }),
} as const;

export const CombinationCountSchema = z.object({
  /** Exact count of valid combinations, as a decimal string (it can exceed 2^53). */
  count: z.string(),
  /** Whether the collection size fits in that count. */
  enough: z.boolean(),
  /** Why no count can be given yet (e.g. a layer without images), when that is the case. */
  problem: z.string().nullable(),
});

export const countCombinations = {
  method: 'GET',
  path: '/api/v1/projects/:id/combinations',
  params: ProjectIdParamsSchema,
  response: successSchema(CombinationCountSchema),
} as const;

/** Why the project cannot be generated as it stands: the engine's reason in words and what to change. */
export const FeasibilityProblemSchema = z.object({
  /** Stable code: `NOT_READY` (no layers or images yet) or the engine's (`NOT_ENOUGH_COMBINATIONS`, `EXACT_COUNT_UNREACHABLE`…). */
  code: z.string(),
  message: z.string(),
  /** What to change, when the message does not already say it. */
  fix: z.string().nullable(),
});
export type FeasibilityProblem = z.infer<typeof FeasibilityProblemSchema>;

export const FeasibilitySchema = z.object({
  /** Unique valid combinations over all configurations, as a decimal string; null when they cannot be counted. */
  count: z.string().nullable(),
  /** Each layer configuration with its share of the size and its own count. */
  configurations: z.array(z.object({ name: z.string(), size: z.number().int(), count: z.string() })),
  /** Whether every token can be planned: size, exact counts and rules all met. */
  feasible: z.boolean(),
  problem: FeasibilityProblemSchema.nullable(),
});
export type Feasibility = z.infer<typeof FeasibilitySchema>;

/** `GET /api/v1/projects/{id}/feasibility`: whether the saved project can be generated, decided before any rendering. */
export const checkProjectFeasibility = {
  method: 'GET',
  path: '/api/v1/projects/:id/feasibility',
  params: ProjectIdParamsSchema,
  response: successSchema(FeasibilitySchema),
} as const;

export const PreviewBodySchema = z.object({
  seed: z.string().trim().min(1).max(100).optional(),
  /** Which layer configuration to draw (its index; default the first). */
  configuration: z.number().int().min(0).max(PROJECT_LIMITS.configurations).optional(),
  /** Trait name per layer name; `null` leaves the layer out; layers not named are drawn at random. */
  traits: z.record(z.string(), z.string().nullable()).optional(),
  size: z.number().int().min(32).max(1024).default(512),
});

/** `POST /api/v1/projects/{id}/preview`: one combination as a PNG (not stored). */
export const previewProject = {
  method: 'POST',
  path: '/api/v1/projects/:id/preview',
  params: ProjectIdParamsSchema,
  body: PreviewBodySchema,
} as const;

export const PreviewGridBodySchema = z.object({
  count: z.number().int().min(1).max(24).default(12),
  seed: z.string().trim().min(1).max(100).optional(),
  size: z.number().int().min(32).max(512).default(256),
});

/** `POST /api/v1/projects/{id}/preview-grid`: several random combinations ("Preview All"). */
export const previewProjectGrid = {
  method: 'POST',
  path: '/api/v1/projects/:id/preview-grid',
  params: ProjectIdParamsSchema,
  body: PreviewGridBodySchema,
  response: successSchema(
    z.object({
      previews: z.array(
        z.object({
          image: z.string(),
          attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
        }),
      ),
    }),
  ),
} as const;

/** `POST /api/v1/projects/{id}/import-layers`: a HashLips `layers/` folder as one ZIP (multipart field `file`). */
export const importLayersZip = {
  method: 'POST',
  path: '/api/v1/projects/:id/import-layers',
  params: ProjectIdParamsSchema,
  response: successSchema(z.object({ project: ProjectSchema })),
} as const;

/** `POST /api/v1/projects/{id}/sample-layers`: fills an empty project with sample layers and images to try things with. */
export const addSampleLayers = {
  method: 'POST',
  path: '/api/v1/projects/:id/sample-layers',
  params: ProjectIdParamsSchema,
  body: z.object({}).strict(),
  response: successSchema(z.object({ project: ProjectSchema })),
} as const;

export const MoveProjectBodySchema = z.object({ workspaceId: WorkspaceIdSchema });
export type MoveProjectBody = z.infer<typeof MoveProjectBodySchema>;

/**
 * `POST /api/v1/projects/:id/move`: moves a project, with the collections generated from it, to another
 * workspace. The caller must be an Owner of both; refused (409) once one of its collections has a contract
 * deployed. Recorded in both workspaces' activity.
 */
export const moveProject = {
  method: 'POST',
  path: '/api/v1/projects/:id/move',
  params: z.object({ id: z.string().min(1) }),
  body: MoveProjectBodySchema,
  response: successSchema(z.object({ project: ProjectSchema, movedCollections: z.number().int() })),
} as const;

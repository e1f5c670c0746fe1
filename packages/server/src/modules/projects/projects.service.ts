import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  animationLimitProblem,
  type CreateProjectBody,
  CreateProjectBodySchema,
  DEFAULT_ANIMATION_SETTINGS,
  DEFAULT_METADATA_FORMAT_SETTINGS,
  firstProblem,
  LayerNameSchema,
  type Plan,
  PROJECT_LIMITS,
  type UpdateProjectBody,
  UpdateProjectBodySchema,
} from '@layerloom/api';
import { countValidCombinations, importLayersFolder, renderPreview } from '@layerloom/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { moveTraitComments, type TraitNames } from '../review/move-trait-comments.ts';
import { resolveWorkspaceForCreate, workspaceForList } from '../workspaces/resource-access.ts';
import { fromEngineError } from './engine-error.ts';
import { unpackLayersZip } from './layers-zip.ts';
import type { StoredLayer, StoredProject, StoredTrait } from './project-document.ts';
import { projectSpec } from './project-spec.ts';
import {
  deleteProjectRow,
  findOwnedProject,
  insertProject,
  listOwnedProjects,
  listWorkspaceProjects,
  restoreProject,
  saveProject,
  updaterName,
} from './projects.repository.ts';
import { sampleLayers } from './sample-layers.ts';
import { shorten } from './shorten.ts';
import { imageHash, keepTraitAnalysis, projectAnalyses } from './trait-analyses.ts';
import { checkTraitImage } from './trait-image.ts';

export interface ProjectsContext {
  db: Kysely<Database>;
  blobs: BlobStore;
}

const now = () => new Date().toISOString();

export async function createProject(ctx: ProjectsContext, ownerId: string, input: CreateProjectBody) {
  const body = parseInput(CreateProjectBodySchema, input);
  const workspaceId = await resolveWorkspaceForCreate(ctx.db, ownerId, body.workspaceId, 'editor');
  const time = now();
  const project: StoredProject = {
    id: randomUUID(),
    owner_id: ownerId,
    workspace_id: workspaceId,
    name: body.name,
    description: body.description,
    collection_size: body.collectionSize,
    width: body.width,
    height: body.height,
    rarity_mode: 'weighted',
    seed: randomUUID().slice(0, 8),
    layers: [],
    rules: [],
    configurations: [],
    oneOfOnes: [],
    animation: { ...DEFAULT_ANIMATION_SETTINGS },
    metadata: { ...DEFAULT_METADATA_FORMAT_SETTINGS },
    created_at: time,
    updated_at: time,
    version: 1,
    updated_by: ownerId,
  };
  await insertProject(ctx.db, project);
  return project;
}

/** The projects `ownerId` made, in any workspace (their account's export and deletion). */
export function listProjects(ctx: ProjectsContext, ownerId: string) {
  return listOwnedProjects(ctx.db, ownerId);
}

/** A workspace's projects for one of its members (`workspaceId` left out: the user's personal workspace). */
export async function listWorkspaceProjectsFor(
  ctx: ProjectsContext,
  userId: string,
  workspaceId: string | undefined,
) {
  return listWorkspaceProjects(ctx.db, await workspaceForList(ctx.db, userId, workspaceId));
}

/**
 * A project of a workspace the user is a member of, or a 404 (a project of a workspace they are not in is not
 * told apart from a missing one). Routes check the member's role (workspaces/route-roles.ts).
 */
export async function getProject(ctx: ProjectsContext, ownerId: string, id: string): Promise<StoredProject> {
  const project = await findOwnedProject(ctx.db, id, ownerId);
  if (!project) throw notFound('Project');
  return project;
}

/** How many times a write without If-Match is tried again when another write got in between. */
const SAVE_ATTEMPTS = 5;

/** The 412 for a write based on a version that is no longer current: who saved since, and when. */
async function staleVersion(ctx: ProjectsContext, ownerId: string, id: string): Promise<AppError> {
  const current = await getProject(ctx, ownerId, id);
  const name = (await updaterName(ctx.db, current.updated_by)) ?? 'someone';
  const time = `${current.updated_at.slice(0, 16).replace('T', ' ')} UTC`;
  return new AppError(
    'PRECONDITION_FAILED',
    `Someone else saved this project after you opened it: ${name}, ${time}. Reload it to see their changes, or merge yours into them.`,
  );
}

/**
 * Reads the project, applies `change` and saves it only if nobody saved in between (the version bumps).
 * With `ifMatch` (the version the caller's edit is based on) a different version is a 412 and nothing is
 * written; without it a write that lost the race is applied again to the newer project.
 */
async function changeProject<T>(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
  ifMatch: number | undefined,
  change: (project: StoredProject) => T | Promise<T>,
): Promise<{ project: StoredProject; result: T }> {
  for (let attempt = 1; ; attempt++) {
    const project = await getProject(ctx, ownerId, id);
    if (ifMatch !== undefined && project.version !== ifMatch) throw await staleVersion(ctx, ownerId, id);
    const result = await change(project);
    project.updated_at = now();
    if (await saveProject(ctx.db, project, ownerId)) return { project, result };
    if (ifMatch !== undefined || attempt >= SAVE_ATTEMPTS) throw await staleVersion(ctx, ownerId, id);
  }
}

/**
 * Applies an autosave: any settings, the whole ordered layer list (new layers have no id; a layer or
 * trait left out is deleted, its images removed after the save) and the rules. With `ifMatch`, only onto
 * that version of the project (else a 412 naming who saved since).
 */
export async function updateProject(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
  input: UpdateProjectBody,
  ifMatch?: number,
) {
  const body = parseInput(UpdateProjectBodySchema, input);
  // The save and the move of renamed traits' comments (kept by name) happen together or not at all.
  const { project, result: removedKeys } = await ctx.db.transaction().execute(async (trx) => {
    let before: TraitNames[] = [];
    const changed = await changeProject({ ...ctx, db: trx }, ownerId, id, ifMatch, (project) => {
      before = traitNames(project.layers);
      return applyUpdate(project, body);
    });
    await moveTraitComments(trx, id, before, traitNames(changed.project.layers));
    return changed;
  });
  await Promise.all(removedKeys.map((key) => ctx.blobs.delete(key)));
  // The analyses kept for removed images go with them (unless another trait has the same image).
  if (removedKeys.length > 0) await projectAnalyses(ctx.blobs, project).prune();
  return project;
}

/** A project's layer and trait names by id, before and after a save. */
const traitNames = (layers: StoredLayer[]): TraitNames[] =>
  layers.map((layer) => ({ name: layer.name, traits: layer.traits.map(({ id, name }) => ({ id, name })) }));

/** Applies a checked autosave body to the project in memory; the blob keys of images it removes. */
function applyUpdate(
  project: StoredProject,
  body: ReturnType<typeof UpdateProjectBodySchema.parse>,
): string[] {
  let removedKeys: string[] = [];
  if (body.layers) {
    const names = body.layers.map((layer) => layer.name.toLowerCase());
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate !== undefined) {
      throw new AppError('BAD_REQUEST', `Two layers are named "${duplicate}": layer names must differ`, {
        fields: [{ path: 'layers', message: 'Layer names must differ' }],
      });
    }
    const oldLayers = new Map(project.layers.map((layer) => [layer.id, layer]));
    const layers: StoredLayer[] = body.layers.map((update, index) => {
      const old = update.id === undefined ? undefined : oldLayers.get(update.id);
      if (update.id !== undefined && !old) {
        throw new AppError('BAD_REQUEST', `Layer ${update.id} is not in this project`, {
          fields: [{ path: `layers.${index}.id`, message: 'Unknown layer' }],
        });
      }
      const oldTraits = new Map((old?.traits ?? []).map((trait) => [trait.id, trait]));
      const traits: StoredTrait[] = update.traits.map((trait, traitIndex) => {
        const existing = oldTraits.get(trait.id);
        if (!existing) {
          throw new AppError(
            'BAD_REQUEST',
            `Trait ${trait.id} is not in layer "${update.name}"; upload images to add traits`,
            {
              fields: [{ path: `layers.${index}.traits.${traitIndex}.id`, message: 'Unknown trait' }],
            },
          );
        }
        return { ...existing, name: trait.name, weight: trait.weight };
      });
      return {
        id: old?.id ?? randomUUID(),
        name: update.name,
        presence: update.presence,
        blend: update.blend,
        opacity: update.opacity,
        showNone: update.showNone,
        traits,
      };
    });
    const kept = new Set(layers.flatMap((layer) => layer.traits.map((trait) => trait.key)));
    removedKeys = project.layers
      .flatMap((layer) => layer.traits.map((trait) => trait.key))
      .filter((key) => !kept.has(key));
    project.layers = layers;
  }
  if (body.name !== undefined) project.name = body.name;
  if (body.description !== undefined) project.description = body.description;
  if (body.collectionSize !== undefined) project.collection_size = body.collectionSize;
  if (body.width !== undefined) project.width = body.width;
  if (body.height !== undefined) project.height = body.height;
  if (body.rarityMode !== undefined) project.rarity_mode = body.rarityMode;
  if (body.seed !== undefined) project.seed = body.seed;
  if (body.rules !== undefined) project.rules = body.rules;
  if (body.configurations !== undefined) {
    const old = new Map(project.configurations.map((configuration) => [configuration.id, configuration]));
    project.configurations = body.configurations.map((configuration, index) => {
      if (configuration.id && !old.has(configuration.id)) {
        throw new AppError('BAD_REQUEST', `Configuration ${configuration.id} is not in this project`, {
          fields: [{ path: `configurations.${index}.id`, message: 'Unknown configuration' }],
        });
      }
      return {
        id: configuration.id ?? randomUUID(),
        name: configuration.name,
        share: configuration.share,
        layers: configuration.layers,
      };
    });
  }
  if (body.oneOfOnes !== undefined) {
    const old = new Map(project.oneOfOnes.map((oneOfOne) => [oneOfOne.id, oneOfOne]));
    const kept = body.oneOfOnes.map((update, index) => {
      const existing = old.get(update.id);
      if (!existing) {
        throw new AppError(
          'BAD_REQUEST',
          `1-of-1 ${update.id} is not in this project; upload artworks to add them`,
          {
            fields: [{ path: `oneOfOnes.${index}.id`, message: 'Unknown 1-of-1' }],
          },
        );
      }
      return { ...existing, name: update.name, attributes: update.attributes };
    });
    const keptIds = new Set(kept.map((oneOfOne) => oneOfOne.id));
    removedKeys.push(
      ...project.oneOfOnes.filter((oneOfOne) => !keptIds.has(oneOfOne.id)).map((gone) => gone.key),
    );
    project.oneOfOnes = kept;
  }
  if (body.animation !== undefined) project.animation = body.animation;
  if (body.metadata !== undefined) project.metadata = body.metadata;
  assertConfigurationsFit(project);
  return removedKeys;
}

/** Discards a project and its uploaded images. Collections generated from it stay. */
export async function deleteProject(ctx: ProjectsContext, ownerId: string, id: string): Promise<void> {
  const project = await getProject(ctx, ownerId, id);
  await deleteProjectRow(ctx.db, project.id);
  await ctx.blobs.deletePrefix(`projects/${project.id}`);
}

/**
 * Adds a finished artwork as a 1-of-1, named after its file: a still image checked by content as trait
 * uploads are. It is stored only once every check passed.
 */
export async function addOneOfOne(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
  file: { filename: string; bytes: Buffer } | undefined,
  plan: Plan,
) {
  const before = await getProject(ctx, ownerId, id);
  const refuse = (message: string): never => {
    throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'file', message }] });
  };
  const assertRoom = (project: StoredProject) => {
    if (project.oneOfOnes.length >= PROJECT_LIMITS.oneOfOnes) {
      refuse(`A project holds at most ${PROJECT_LIMITS.oneOfOnes} 1-of-1s`);
    }
  };
  if (!file) return refuse('Choose an image to upload');
  assertRoom(before);
  const checked = await checkTraitImage(file.filename, file.bytes, plan);
  if (checked.image.animation || checked.image.contentType.startsWith('video/')) {
    refuse(`${shorten(file.filename)} is animated: a 1-of-1 is a still image (PNG, JPEG, GIF or WebP)`);
  }
  const oneOfOneId = randomUUID();
  const key = `projects/${before.id}/one-of-ones/${oneOfOneId}.${checked.extension}`;
  const added = { id: oneOfOneId, name: checked.name, key, image: checked.image, attributes: [] };
  await ctx.blobs.put(key, checked.bytes);
  try {
    const { project } = await changeProject(ctx, ownerId, id, undefined, (project) => {
      assertRoom(project);
      project.oneOfOnes.push(added);
    });
    return { project, added };
  } catch (error) {
    await ctx.blobs.delete(key);
    throw error;
  }
}

/**
 * Adds uploaded images to a layer as traits. Every file is checked first; one bad file refuses the whole
 * upload and nothing is stored.
 */
export async function addTraits(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
  layerId: string,
  files: readonly { filename: string; bytes: Buffer }[],
  plan: Plan,
) {
  const project = await getProject(ctx, ownerId, id);
  if (files.length === 0 && project.layers.some((candidate) => candidate.id === layerId)) {
    throw new AppError('BAD_REQUEST', 'Choose at least one image to upload', {
      fields: [{ path: 'files', message: 'No file was sent' }],
    });
  }
  /** The layer the images go to, refusing (nothing written) when they do not fit in it. */
  const targetLayer = (current: StoredProject, names: readonly string[] = []) => {
    const layer = current.layers.find((candidate) => candidate.id === layerId);
    if (!layer) throw notFound('Layer');
    if (layer.traits.length + files.length > PROJECT_LIMITS.traitsPerLayer) {
      const message = `Layer "${layer.name}" can hold at most ${PROJECT_LIMITS.traitsPerLayer} images; it has ${layer.traits.length} and ${files.length} were sent`;
      throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'files', message }] });
    }
    const taken = new Set(layer.traits.map((trait) => trait.name.toLowerCase()));
    for (const name of names) {
      if (taken.has(name.toLowerCase())) {
        throw new AppError('CONFLICT', `Layer "${layer.name}" already has a trait named "${name}"`, {
          fields: [{ path: 'files', message: `Duplicate trait name ${name}` }],
        });
      }
      taken.add(name.toLowerCase());
    }
    return layer;
  };
  targetLayer(project);
  const checked = [];
  for (const file of files) checked.push(await checkTraitImage(file.filename, file.bytes, plan));
  targetLayer(
    project,
    checked.map((image) => image.name),
  );
  const added: StoredTrait[] = [];
  const analyses: string[] = [];
  try {
    for (const image of checked) {
      const traitId = randomUUID();
      const key = `projects/${project.id}/traits/${traitId}.${image.extension}`;
      const sha256 = imageHash(image.bytes);
      await ctx.blobs.put(key, image.bytes);
      added.push({ id: traitId, name: image.name, weight: image.weight, key, sha256, image: image.image });
      // Measured once here, so the quality check only combines what uploads kept.
      const analysis = await keepTraitAnalysis(ctx.blobs, project.id, {
        ...image.image,
        bytes: image.bytes,
        sha256,
      });
      if (analysis) analyses.push(analysis);
    }
    // Onto the project as it is now: a save that came in while the images were stored is kept.
    const saved = await changeProject(ctx, ownerId, id, undefined, (current) => {
      targetLayer(
        current,
        added.map((trait) => trait.name),
      ).traits.push(...added);
    });
    return { project: saved.project, added };
  } catch (error) {
    await Promise.all([...added.map((trait) => trait.key), ...analyses].map((key) => ctx.blobs.delete(key)));
    throw error;
  }
}

/**
 * Each configuration names layers the project has, each once, under a name no other configuration
 * has (a 400 naming the first that does not).
 */
function assertConfigurationsFit(project: StoredProject): void {
  const layerNames = new Set(project.layers.map((layer) => layer.name));
  const names = new Set<string>();
  project.configurations.forEach((configuration, index) => {
    const refuse = (message: string, path = `configurations.${index}.layers`): never => {
      throw new AppError('BAD_REQUEST', message, { fields: [{ path, message }] });
    };
    const key = configuration.name.toLowerCase();
    if (names.has(key)) {
      refuse(
        `Two configurations are named “${configuration.name}”: rename one`,
        `configurations.${index}.name`,
      );
    }
    names.add(key);
    const seen = new Set<string>();
    for (const layer of configuration.layers) {
      if (!layerNames.has(layer)) {
        refuse(
          `Configuration “${configuration.name}” names layer “${shorten(layer)}”, which the project does not have`,
        );
      }
      if (seen.has(layer)) refuse(`Configuration “${configuration.name}” has layer “${layer}” twice`);
      seen.add(layer);
    }
  });
}

/** Why the project cannot be counted or rendered yet, or null. */
export function readinessProblem(project: StoredProject): string | null {
  if (project.layers.length === 0) return 'Add a layer to start';
  const empty = project.layers.find((layer) => layer.traits.length === 0);
  if (empty) return `Layer "${empty.name}" has no images yet`;
  return null;
}

export async function countProjectCombinations(ctx: ProjectsContext, ownerId: string, id: string) {
  const project = await getProject(ctx, ownerId, id);
  const problem = readinessProblem(project);
  if (problem) return { count: '0', enough: false, problem };
  try {
    const { total } = countValidCombinations(projectSpec(project, ctx.blobs));
    return { count: total.toString(), enough: total >= BigInt(project.collection_size), problem: null };
  } catch (error) {
    return fromEngineError(error);
  }
}

/** Throws a 400 when the project cannot be rendered yet (no layers, a layer without images). */
/** The longest play time of the project's animated and video traits, or undefined for a still project. */
export function longestAnimationMs(project: StoredProject): number | undefined {
  let longest: number | undefined;
  for (const layer of project.layers)
    for (const trait of layer.traits)
      if (trait.image.animation) longest = Math.max(longest ?? 0, trait.image.animation.durationMs);
  return longest;
}

/**
 * Refuses (400, naming the setting) an animated project whose tokens would play longer or with more
 * frames than the plan allows; a still project passes.
 */
export function assertAnimationFits(project: StoredProject, plan: Plan): void {
  const longest = longestAnimationMs(project);
  if (longest === undefined) return;
  const problem = animationLimitProblem(project.animation, plan, longest);
  if (problem) {
    throw new AppError('BAD_REQUEST', problem.message, {
      fields: [{ path: `animation.${problem.field}`, message: problem.message }],
    });
  }
}

export function assertRenderable(project: StoredProject): void {
  const problem = readinessProblem(project);
  if (problem) throw new AppError('BAD_REQUEST', problem, { fields: [{ path: 'layers', message: problem }] });
}

export async function previewProject(
  ctx: ProjectsContext,
  project: StoredProject,
  options: {
    seed?: string | undefined;
    traits?: Record<string, string | null> | undefined;
    configuration?: number | undefined;
    size: number;
    watermark: boolean;
  },
) {
  assertRenderable(project);
  const configuration = options.configuration ?? 0;
  if (configuration > 0 && configuration >= project.configurations.length) {
    throw new AppError('BAD_REQUEST', `The project has no configuration ${configuration + 1}`, {
      fields: [{ path: 'configuration', message: 'Unknown configuration' }],
    });
  }
  const scale = Math.min(1, options.size / Math.max(project.width, project.height));
  try {
    return await renderPreview({
      spec: projectSpec(project, ctx.blobs),
      ...(options.seed ? { seed: options.seed } : {}),
      ...(options.traits ? { traits: options.traits } : {}),
      configuration,
      width: Math.max(1, Math.round(project.width * scale)),
      height: Math.max(1, Math.round(project.height * scale)),
      compression: 'fast',
      ...(options.watermark ? { watermark: { text: 'Layerloom Free' } } : {}),
    });
  } catch (error) {
    return fromEngineError(error);
  }
}

/**
 * Imports a HashLips `layers/` ZIP: each folder becomes a layer (added after the existing ones, or merged
 * into the layer of the same name) and each image a trait (`Name#weight.png`). All or nothing.
 */
export async function importLayersZip(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
  zip: Buffer,
  plan: Plan,
) {
  const before = await getProject(ctx, ownerId, id);
  const dir = await unpackLayersZip(zip, {
    maxEntries: 5000,
    maxTotalBytes: 1024 * 1024 * 1024,
    maxFileBytes: plan.maxUploadMb * 1024 * 1024,
  });
  try {
    let imported: Awaited<ReturnType<typeof importLayersFolder>>;
    try {
      imported = await importLayersFolder({ dir });
    } catch (error) {
      return fromEngineError(error);
    }
    for (const layer of imported) {
      const problem = firstProblem(LayerNameSchema, layer.name);
      if (problem) {
        throw new AppError('BAD_REQUEST', `Folder "${shorten(layer.name)}" cannot be a layer: ${problem}`, {
          fields: [{ path: 'file', message: problem }],
        });
      }
    }
    // One layer's files in memory at a time: an import may hold up to 1 GB of images.
    const layers = imported.map((layer) => ({
      name: layer.name,
      files: () =>
        Promise.all(
          layer.traits.map(async (trait) => ({
            filename: path.basename(trait.asset.path),
            bytes: await readFile(trait.asset.path),
          })),
        ),
    }));
    return await addLayersWithImages(ctx, ownerId, before, layers, plan);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Adds layers with their images to a project: a layer whose name the project already has gets the images
 * as new traits, any other is added on top. All or nothing: on any refusal the project is put back as it
 * was and the images stored so far are removed.
 */
async function addLayersWithImages(
  ctx: ProjectsContext,
  ownerId: string,
  before: StoredProject,
  added: readonly { name: string; files: () => Promise<readonly { filename: string; bytes: Buffer }[]> }[],
  plan: Plan,
): Promise<StoredProject> {
  const names = before.layers.map((layer) => layer.name.toLowerCase());
  const layers = [
    ...before.layers.map(({ traits, ...layer }) => ({
      ...layer,
      traits: traits.map(({ id: traitId, name, weight }) => ({ id: traitId, name, weight })),
    })),
    ...added
      .filter((layer) => !names.includes(layer.name.toLowerCase()))
      .map((layer) => ({ name: layer.name })),
  ];
  let project = await updateProject(ctx, ownerId, before.id, { layers });
  try {
    for (const layer of added) {
      const target = project.layers.find(
        (candidate) => candidate.name.toLowerCase() === layer.name.toLowerCase(),
      )!;
      ({ project } = await addTraits(ctx, ownerId, before.id, target.id, await layer.files(), plan));
    }
  } catch (error) {
    const kept = new Set(before.layers.flatMap((layer) => layer.traits.map((trait) => trait.key)));
    const current = await getProject(ctx, ownerId, before.id);
    const stored = current.layers
      .flatMap((layer) => layer.traits.map((trait) => trait.key))
      .filter((key) => !kept.has(key));
    // Put back as it was, version included, unless someone else saved in between.
    await restoreProject(ctx.db, before, current.version);
    await Promise.all(stored.map((key) => ctx.blobs.delete(key)));
    await projectAnalyses(ctx.blobs, before).prune();
    throw error;
  }
  return project;
}

/** Fills an empty project with the sample layers and their images, so a newcomer can preview and generate at once. */
export async function addSampleLayers(ctx: ProjectsContext, ownerId: string, id: string, plan: Plan) {
  const before = await getProject(ctx, ownerId, id);
  if (before.layers.length > 0) {
    throw new AppError(
      'CONFLICT',
      'Sample layers can only start an empty project; this one already has layers. Start a new project to try them.',
    );
  }
  const layers = (await sampleLayers()).map((layer) => ({
    name: layer.name,
    files: async () => layer.files,
  }));
  return addLayersWithImages(ctx, ownerId, before, layers, plan);
}

import type { ProjectQuality, QualityTrait } from '@layerloom/api';
import {
  checkLayerQuality,
  parseTraitAnalysis,
  serializeTraitAnalysis,
  type TraitAnalysis,
  type TraitAnalysisCache,
} from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { fromEngineError } from '../projects/engine-error.ts';
import type { StoredProject } from '../projects/project-document.ts';
import { projectSpec } from '../projects/project-spec.ts';
import { getProject, type ProjectsContext, readinessProblem } from '../projects/projects.service.ts';

/**
 * The analyses of trait images, kept in the blob store beside each image (`<image key>.quality.json`):
 * a trait image never changes under its key (a new upload gets a new key), so each is analysed once.
 */
export function blobAnalysisCache(blobs: BlobStore): TraitAnalysisCache {
  return {
    async get(key) {
      const kept = `${key}.quality.json`;
      if (!(await blobs.stat(kept))) return undefined;
      return parseTraitAnalysis((await blobs.getBuffer(kept)).toString('utf8'));
    },
    async set(key: string, analysis: TraitAnalysis) {
      await blobs.put(`${key}.quality.json`, Buffer.from(serializeTraitAnalysis(analysis)));
    },
  };
}

/** The layer quality findings of a saved project: the engine's checks (as `layerloom check` runs them), traits named with their ids. */
export async function projectQuality(project: StoredProject, blobs: BlobStore): Promise<ProjectQuality> {
  const notReady = readinessProblem(project);
  if (notReady)
    throw new AppError('BAD_REQUEST', `${notReady}: the quality check needs every layer's images`);
  const report = await checkLayerQuality({
    spec: projectSpec(project, blobs),
    cache: blobAnalysisCache(blobs),
  }).catch(fromEngineError);
  await pruneAnalyses(project, blobs);
  const named = (layerName: string, traitName: string): QualityTrait => {
    const layer = project.layers.find((candidate) => candidate.name === layerName);
    const trait = layer?.traits.find((candidate) => candidate.name === traitName);
    // The engine names only the project's own layers and traits; anything else is a bug, not user input.
    if (!layer || !trait) throw new Error(`Quality finding names unknown trait ${layerName}/${traitName}`);
    return { layerId: layer.id, layer: layer.name, traitId: trait.id, trait: trait.name };
  };
  return {
    findings: report.findings.map((finding) => ({
      ...finding,
      traits: finding.traits.map((ref) => named(ref.layer, ref.trait)),
    })),
    analysed: report.analysed,
    skipped: report.skipped.map((trait) => ({ ...named(trait.layer, trait.trait), reason: trait.reason })),
  };
}

/** Removes the kept analyses of trait images the project no longer has (deleting a trait removes only its image). */
async function pruneAnalyses(project: StoredProject, blobs: BlobStore): Promise<void> {
  const current = new Set(
    project.layers.flatMap((layer) => layer.traits.map((trait) => `${trait.key}.quality.json`)),
  );
  const stale: string[] = [];
  for await (const key of blobs.list(`projects/${project.id}/traits`)) {
    if (key.endsWith('.quality.json') && !current.has(key)) stale.push(key);
  }
  await Promise.all(stale.map((key) => blobs.delete(key)));
}

/** The quality findings of one of the user's projects (404 when it is not theirs). */
export async function checkOwnedProjectQuality(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
): Promise<ProjectQuality> {
  return projectQuality(await getProject(ctx, ownerId, id), ctx.blobs);
}

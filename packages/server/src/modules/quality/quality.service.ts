import type { ProjectQuality, QualityTrait } from '@layerloom/api';
import { checkLayerQuality } from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { fromEngineError } from '../projects/engine-error.ts';
import type { StoredProject } from '../projects/project-document.ts';
import { projectSpec } from '../projects/project-spec.ts';
import { getProject, type ProjectsContext, readinessProblem } from '../projects/projects.service.ts';
import { projectAnalyses } from '../projects/trait-analyses.ts';

/** The layer quality findings of a saved project: the engine's checks (as `layerloom check` runs them), traits named with their ids. */
export async function projectQuality(project: StoredProject, blobs: BlobStore): Promise<ProjectQuality> {
  const notReady = readinessProblem(project);
  if (notReady)
    throw new AppError('BAD_REQUEST', `${notReady}: the quality check needs every layer's images`);
  // Uploads keep each image's analysis (by its hash): a check only reads and combines them.
  const analyses = projectAnalyses(blobs, project);
  const report = await checkLayerQuality({
    spec: projectSpec(project, blobs),
    cache: analyses.cache,
  }).catch(fromEngineError);
  await analyses.prune();
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

/** The quality findings of one of the user's projects (404 when it is not theirs). */
export async function checkOwnedProjectQuality(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
): Promise<ProjectQuality> {
  return projectQuality(await getProject(ctx, ownerId, id), ctx.blobs);
}

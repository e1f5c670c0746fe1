import { createHash } from 'node:crypto';
import {
  analyzeTraitImage,
  parseTraitAnalysis,
  serializeTraitAnalysis,
  type TraitAnalysis,
  type TraitAnalysisCache,
} from '@layerloom/engine';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { StoredProject } from './project-document.ts';

/** The folder of a project's kept trait analyses: one `<sha256>.json` per distinct image. */
export function analysesPrefix(projectId: string): string {
  return `projects/${projectId}/quality`;
}

function analysisKey(projectId: string, sha256: string): string {
  return `${analysesPrefix(projectId)}/${sha256}.json`;
}

/** The content hash a trait image's analysis is kept under. */
export function imageHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Measures an uploaded trait image for the quality check (alpha masks, box, thumbnail) and keeps the
 * analysis under the image's hash, unless one is kept already (the same image uploaded again). Videos
 * and images the check cannot read are left to the check, which names them as skipped. Resolves with
 * the key of the analysis it stored, if it stored one (an upload refused later removes it).
 */
export async function keepTraitAnalysis(
  blobs: BlobStore,
  projectId: string,
  image: { bytes: Uint8Array; sha256: string; contentType: string },
): Promise<string | undefined> {
  if (image.contentType.startsWith('video/')) return undefined;
  const key = analysisKey(projectId, image.sha256);
  if (await blobs.stat(key)) return undefined;
  let analysis: TraitAnalysis;
  try {
    analysis = await analyzeTraitImage(image.bytes);
  } catch {
    return undefined; // the upload's own checks accepted it; the quality check reports why it cannot judge it
  }
  await blobs.put(key, Buffer.from(serializeTraitAnalysis(analysis)));
  return key;
}

/** A project's kept analyses, as the quality check reads them, and their upkeep. */
export interface ProjectAnalyses {
  /** The engine asks by blob key; the analysis is found by the image's hash. */
  cache: TraitAnalysisCache;
  /** Removes the kept analyses of images no trait of the project has any more (deleting a trait removes only its image). */
  prune(): Promise<void>;
}

/**
 * The kept analyses of a project's trait images, found by each image's hash (kept on the trait since
 * uploads compute it; an older trait's image is read and hashed once). A missing analysis is computed
 * by the engine and kept the same way.
 */
export function projectAnalyses(blobs: BlobStore, project: StoredProject): ProjectAnalyses {
  const known = new Map<string, string>();
  for (const layer of project.layers) {
    for (const trait of layer.traits) if (trait.sha256) known.set(trait.key, trait.sha256);
  }
  const hashOf = async (key: string) => {
    let sha256 = known.get(key);
    if (!sha256) {
      sha256 = imageHash(await blobs.getBuffer(key));
      known.set(key, sha256);
    }
    return sha256;
  };
  return {
    cache: {
      async get(key) {
        const kept = analysisKey(project.id, await hashOf(key));
        if (!(await blobs.stat(kept))) return undefined;
        return parseTraitAnalysis((await blobs.getBuffer(kept)).toString('utf8'));
      },
      async set(key, analysis) {
        const kept = analysisKey(project.id, await hashOf(key));
        await blobs.put(kept, Buffer.from(serializeTraitAnalysis(analysis)));
      },
    },
    async prune() {
      const current = new Set<string>();
      for (const layer of project.layers) {
        for (const trait of layer.traits) current.add(analysisKey(project.id, await hashOf(trait.key)));
      }
      const stale: string[] = [];
      for await (const key of blobs.list(analysesPrefix(project.id))) if (!current.has(key)) stale.push(key);
      // Analyses kept beside each image, before they were kept by hash.
      for await (const key of blobs.list(`projects/${project.id}/traits`)) {
        if (key.endsWith('.quality.json')) stale.push(key);
      }
      await Promise.all(stale.map((key) => blobs.delete(key)));
    },
  };
}

import type { Feasibility } from '@layerloom/api';
import { checkFeasibility } from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { StoredProject } from './project-document.ts';
import { projectSpec } from './project-spec.ts';
import { getProject, type ProjectsContext, readinessProblem } from './projects.service.ts';

/**
 * Whether a project can be generated as saved, decided by planning every token as the job would
 * (no image is read): the valid combinations per configuration and, when the size, exact counts
 * or rules cannot all be met, the engine's reason and what to change.
 */
export function projectFeasibility(project: StoredProject, blobs: BlobStore): Feasibility {
  const notReady = readinessProblem(project);
  if (notReady) {
    return {
      count: null,
      configurations: [],
      feasible: false,
      problem: { code: 'NOT_READY', message: notReady, fix: null },
    };
  }
  const report = checkFeasibility(projectSpec(project, blobs));
  return {
    count: report.total === null ? null : report.total.toString(),
    configurations: report.configurations.map(({ name, size, total }) => ({
      name,
      size,
      count: total.toString(),
    })),
    feasible: report.problem === null,
    problem: report.problem,
  };
}

/** The feasibility of one of the user's projects (404 when it is not theirs). */
export async function checkOwnedProjectFeasibility(
  ctx: ProjectsContext,
  ownerId: string,
  id: string,
): Promise<Feasibility> {
  return projectFeasibility(await getProject(ctx, ownerId, id), ctx.blobs);
}

/** Throws a 400 with the reason and the fix when the project cannot be generated as saved. */
export function assertFeasible(project: StoredProject, blobs: BlobStore): void {
  const { problem } = projectFeasibility(project, blobs);
  if (!problem) return;
  const message = problem.fix ? `${problem.message}. ${problem.fix}` : problem.message;
  throw new AppError('BAD_REQUEST', message, {
    fields: [
      {
        path: problem.code === 'NOT_ENOUGH_COMBINATIONS' ? 'collectionSize' : 'layers',
        message: problem.message,
      },
    ],
  });
}

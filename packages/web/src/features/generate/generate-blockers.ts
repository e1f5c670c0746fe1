import { animationLimitProblem, type Plan, projectFieldProblem } from '@layerloom/api';
import { countBelow, formatBigCount } from './eta.ts';
import { problemTarget, problemText } from './feasibility.ts';
import { metadataProblem } from './metadata-check.ts';
import type { Draft } from './project-draft.ts';
import type { SettingsValues } from './project-form.tsx';
import type { SaveState } from './use-project-draft.ts';

/** Where a blocker's fix takes the user. */
export type BlockerTarget =
  | { kind: 'field'; field: keyof SettingsValues; label: string }
  | { kind: 'new-layer' }
  | { kind: 'layer'; key: string; name: string }
  | { kind: 'retry-save' }
  | { kind: 'recount' }
  | { kind: 'rules' }
  | { kind: 'plans' }
  | { kind: 'animation' }
  | { kind: 'metadata' };

/** One thing that keeps Generate disabled: what is wrong and how to fix it, with where to go. */
export interface Blocker {
  /** Stable across renders (a React key, and a test hook). */
  id: string;
  text: string;
  targets: BlockerTarget[];
}

/** The combination count as the server last gave it, or what stops it. */
export interface CountState {
  data:
    | {
        count: string;
        problem: string | null;
        /** Why the saved project cannot be generated though it is complete (exact counts, rules), with the fix. */
        infeasible?: { code: string; message: string; fix: string | null } | null;
      }
    | undefined;
  error: string | null;
  isLoading: boolean;
}

/** Why each settings field cannot be used yet, with the fix; null when the field is fine. */
function fieldProblem(field: keyof SettingsValues, draft: Draft): string | null {
  const value = draft[field];
  if (field === 'description') {
    if (typeof value !== 'string' || value.trim() === '') {
      return 'Project Description is required: say in a sentence what the collection is about.';
    }
  }
  // What the server would say of the field (a field on the page is required, though a save may leave it out).
  const problem = projectFieldProblem(field, value);
  if (problem === null) return null;
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  switch (field) {
    case 'name':
      return empty ? 'Project Name is required: give the project a name.' : problem;
    case 'collectionSize':
      return empty ? 'Collection Size is required: enter how many items to make.' : `${problem}.`;
    case 'width':
    case 'height': {
      const label = field === 'width' ? 'Width' : 'Height';
      return empty ? `${label} is required: enter it in pixels (16–4096).` : `${problem} (16–4096).`;
    }
    case 'seed':
      return 'Seed is required: type one, or shuffle for a random one.';
    default:
      return problem;
  }
}

const fieldLabels: Record<keyof SettingsValues, string> = {
  name: 'Project Name',
  description: 'Project Description',
  collectionSize: 'Collection Size',
  width: 'Width',
  height: 'Height',
  rarityMode: 'Rarity',
  seed: 'Seed',
};

/** The longest play time of the draft's animated and video traits, or undefined when all are stills. */
export function longestAnimationMs(draft: Pick<Draft, 'layers'>): number | undefined {
  let longest: number | undefined;
  for (const layer of draft.layers)
    for (const trait of layer.traits)
      if (trait.image.animation) longest = Math.max(longest ?? 0, trait.image.animation.durationMs);
  return longest;
}

/**
 * Everything that stops the project from being generated, in the order the page is worked through
 * (settings, layers, images, size against the plan and the combinations, saving). Empty: ready.
 */
export function generateBlockers({
  draft,
  plan,
  count,
  saveState,
  isRunning,
  metadataCheckFailed = false,
}: {
  draft: Draft;
  plan: Plan;
  count: CountState;
  saveState: SaveState;
  isRunning: boolean;
  /** The metadata settings' check could not be loaded (metadata-check.ts). */
  metadataCheckFailed?: boolean;
}): Blocker[] {
  const blockers: Blocker[] = [];
  for (const field of ['name', 'description', 'collectionSize', 'width', 'height', 'seed'] as const) {
    const problem = fieldProblem(field, draft);
    if (problem) {
      blockers.push({
        id: `field-${field}`,
        text: problem,
        targets: [{ kind: 'field', field, label: fieldLabels[field] }],
      });
    }
  }

  if (draft.layers.length === 0) {
    blockers.push({
      id: 'no-layers',
      text: 'The project has no layers: add the bottom one first (e.g. Background), or start from sample layers.',
      targets: [{ kind: 'new-layer' }],
    });
  }
  const empty = draft.layers.filter((layer) => layer.traits.length === 0);
  for (const layer of empty) {
    blockers.push({
      id: `empty-layer-${layer.key}`,
      text: `Layer “${layer.name}” has no images: upload at least one, or delete the layer.`,
      targets: [{ kind: 'layer', key: layer.key, name: layer.name }],
    });
  }

  const size = draft.collectionSize;
  const sizeIsValid = typeof size === 'number' && Number.isInteger(size) && size >= 1;
  if (sizeIsValid && size > plan.maxAssets) {
    const max = plan.maxAssets.toLocaleString('en-US');
    blockers.push({
      id: 'plan-limit',
      text: `Your ${plan.name} plan generates up to ${max} assets: lower Collection Size to ${max} or less, or choose a bigger plan.`,
      targets: [{ kind: 'field', field: 'collectionSize', label: 'Collection Size' }, { kind: 'plans' }],
    });
  }

  const longest = longestAnimationMs(draft);
  const animationProblem =
    longest === undefined ? undefined : animationLimitProblem(draft.animation, plan, longest);
  if (animationProblem) {
    blockers.push({
      id: 'animation-limit',
      text: animationProblem.message,
      targets: [{ kind: 'animation' }, { kind: 'plans' }],
    });
  }

  if (draft.metadata.format !== 'erc721') {
    const problem = metadataProblem(draft.metadata);
    if (problem) {
      blockers.push({
        id: 'metadata',
        text: `Solana metadata: ${problem.message}.`,
        targets: [{ kind: 'metadata' }],
      });
    } else if (problem === undefined) {
      blockers.push({
        id: 'metadata-unchecked',
        text: metadataCheckFailed
          ? 'The Solana metadata settings could not be checked (part of the page did not load): reload the page.'
          : 'Checking the Solana metadata settings…',
        targets: [],
      });
    }
  }

  // The server counts what it has saved; its own "no layers / no images" reasons are the ones above.
  const layersReady = draft.layers.length > 0 && empty.length === 0;
  if (layersReady) {
    if (count.error) {
      blockers.push({
        id: 'count-error',
        text: `The possible combinations could not be counted (${count.error}).`,
        targets: [{ kind: 'recount' }],
      });
    } else if (count.data?.problem) {
      blockers.push({ id: 'count-problem', text: count.data.problem, targets: [] });
    } else if (count.data?.infeasible) {
      const { infeasible } = count.data;
      blockers.push({
        id: 'infeasible',
        text: problemText(infeasible),
        targets:
          problemTarget(infeasible.code) === 'rarity'
            ? [{ kind: 'field', field: 'rarityMode', label: 'Rarity' }, { kind: 'rules' }]
            : [{ kind: 'rules' }],
      });
    } else if (count.data && sizeIsValid && countBelow(count.data.count, size)) {
      const total = formatBigCount(count.data.count);
      blockers.push({
        id: 'too-many',
        text: `Collection Size (${size.toLocaleString('en-US')}) is more than the ${total} possible combinations: lower it to ${total} or less, add images to the layers, or loosen the rules.`,
        targets: [{ kind: 'field', field: 'collectionSize', label: 'Collection Size' }],
      });
    } else if (!count.data && count.isLoading) {
      blockers.push({ id: 'counting', text: 'Counting the possible combinations…', targets: [] });
    }
  }

  if (saveState.kind === 'error') {
    blockers.push({
      id: 'not-saved',
      text: 'Your latest changes are not saved yet (the reason is shown at the top).',
      targets: [{ kind: 'retry-save' }],
    });
  }
  if (isRunning) {
    blockers.push({
      id: 'running',
      text: 'A collection is being generated from this project: wait for it to finish, or cancel it.',
      targets: [],
    });
  }
  return blockers;
}

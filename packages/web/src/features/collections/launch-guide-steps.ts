import type { Deployment, LaunchStatus, Publication } from '@layerloom/api';
import { shortAddress } from '../launch/short-address.ts';
import { formatDate } from './format.ts';
import { launchFigures } from './launch-status.tsx';

/** The launch's three steps, in order. */
export const guideStepKeys = ['publish', 'deploy', 'drop'] as const;
export type GuideStepKey = (typeof guideStepKeys)[number];

/** `waiting`: an earlier step comes first; `current`: the step to do now; `done`: finished. */
export type GuideStepState = 'waiting' | 'current' | 'done';

/** One step as the collection page shows it: its state in a word or two, and one line about it. */
export interface GuideStep {
  key: GuideStepKey;
  title: string;
  state: GuideStepState;
  /** The state's words on the step's tag ("Done", "Do this next", "Live · public sale"). */
  label: string;
  /** The one-line summary (what was done, or what to do and why). */
  summary: string;
}

export interface LaunchGuideInput {
  publication: Publication | null;
  /** The collection's recorded contracts, newest first. */
  deployments: readonly Deployment[];
  /** The launch status, once the server answered it (figures of the sale from the chain). */
  status: LaunchStatus | null | undefined;
}

const NEXT = 'Do this next';

function publishStep({ publication }: LaunchGuideInput): GuideStep {
  if (!publication) {
    return {
      key: 'publish',
      title: 'Publish',
      state: 'current',
      label: NEXT,
      summary:
        'Give every image and metadata file a public, permanent address: your contract and marketplaces read them there.',
    };
  }
  // Not the Publication panel's own words ("Hosted by Layerloom since…"), which its details show.
  const where = publication.mode === 'ipfs' ? 'on IPFS' : 'hosted by Layerloom';
  return {
    key: 'publish',
    title: 'Publish',
    state: 'done',
    label: 'Done',
    summary: `Published ${formatDate(publication.publishedAt)}, ${where}. Rerolls and growing closed when it was published; metadata and art edits make a new version.`,
  };
}

function deployStep({ publication, deployments }: LaunchGuideInput): GuideStep {
  const newest = deployments[0];
  if (newest) {
    const others = deployments.length - 1;
    return {
      key: 'deploy',
      title: 'Deploy',
      state: 'done',
      label: 'Done',
      summary: `Your contract on ${newest.chainName} at ${shortAddress(newest.address)}, deployed ${formatDate(newest.createdAt)}${
        others > 0 ? ` (the newest of ${deployments.length} contracts)` : ''
      }.`,
    };
  }
  if (!publication) {
    return {
      key: 'deploy',
      title: 'Deploy',
      state: 'waiting',
      label: 'After step 1',
      summary: "Publish the collection first: your contract's tokens point to the published metadata.",
    };
  }
  return {
    key: 'deploy',
    title: 'Deploy',
    state: 'current',
    label: NEXT,
    summary: "Choose the network, the contract's name, supply and price, then deploy it from your wallet.",
  };
}

function dropStep({ deployments, status }: LaunchGuideInput): GuideStep {
  if (deployments.length === 0) {
    return {
      key: 'drop',
      title: 'Run the drop',
      state: 'waiting',
      label: 'After step 2',
      summary: 'Once your contract is deployed: set the allowlist, open the sale, reveal and withdraw here.',
    };
  }
  const figures = status ? launchFigures(status) : null;
  if (status?.stage === 'sold-out') {
    return {
      key: 'drop',
      title: 'Run the drop',
      state: 'done',
      label: 'Sold out',
      summary: `${figures ?? 'Every token is minted'}. Withdraw what the sale holds to the payout address.`,
    };
  }
  if (status?.stage === 'live') {
    return {
      key: 'drop',
      title: 'Run the drop',
      state: 'current',
      label: status.phase === 'allowlist' ? 'Live · allowlist sale' : 'Live · public sale',
      summary: `${figures ? `${figures}. ` : ''}Share your mint page; ${
        status.phase === 'allowlist' ? 'open the public sale, reveal' : 'reveal'
      } and withdraw here.`,
    };
  }
  if (status?.stage === 'deployed' && status.minted !== null) {
    return {
      key: 'drop',
      title: 'Run the drop',
      state: 'current',
      label: 'Sale closed',
      summary: `${figures ? `${figures}. ` : ''}Set the allowlist if you have one, then open the sale.`,
    };
  }
  return {
    key: 'drop',
    title: 'Run the drop',
    state: 'current',
    label: NEXT,
    summary:
      status?.notice ??
      'Connect the wallet that owns the contract to set the allowlist, open the sale, reveal and withdraw.',
  };
}

/** The three steps of a generated collection's launch, from what the server knows of it. */
export function launchGuideSteps(input: LaunchGuideInput): GuideStep[] {
  return [publishStep(input), deployStep(input), dropStep(input)];
}

/**
 * Whether a finished step starts folded into its summary: once the collection has a contract, the publication
 * and the deployment are behind the creator. Before that, a published collection keeps its publication open,
 * since its pre-reveal placeholder is set there before deploying.
 */
export function startsFolded(step: GuideStep, hasContract: boolean): boolean {
  return step.key !== 'drop' && step.state === 'done' && hasContract;
}

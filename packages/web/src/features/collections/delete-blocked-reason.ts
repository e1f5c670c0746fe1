import type { LaunchStatus } from '@layerloom/api';

/**
 * Why a collection cannot be deleted now, to say before any click; null when it can. A collection with a
 * contract stays: collectors' tokens point at its files and its mint page (the server refuses it too, 409).
 */
export function deleteBlockedReason(progressStatus: string, launch: LaunchStatus | undefined): string | null {
  if (progressStatus === 'generating') return 'Cancel the generation before deleting the collection.';
  if (launch && (launch.stage === 'deployed' || launch.stage === 'live' || launch.stage === 'sold-out')) {
    return `It cannot be deleted: it has a contract${launch.chainName ? ` on ${launch.chainName}` : ''}, and collectors' tokens point at its files and its mint page.`;
  }
  return null;
}

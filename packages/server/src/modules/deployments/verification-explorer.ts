import type { VerificationInput } from '@layerloom/contracts';
import type { Address, Hash, Hex } from 'viem';
import type { ExplorerConfig } from './verification-config.ts';

/** One contract to verify: where it is, what it was compiled from and how it was constructed. */
export interface VerificationRequest {
  chainId: number;
  address: Address;
  input: VerificationInput;
  /** ABI-encoded constructor arguments, 0x-prefixed. */
  constructorArguments: Hex;
  /** The transaction that created it, when known (Sourcify uses it to find the creation code). */
  creationTransactionHash?: Hash;
}

/**
 * What an explorer said to a submission or a status check: `verified`; `pending` (it is still working:
 * check again later); `resubmit` (it cannot take it yet, e.g. it has not indexed the new block: submit again
 * later); `refused` (its final no, with its reason). `receipt` is what to poll after a submission.
 */
export type ExplorerAnswer =
  | { outcome: 'verified'; message: string }
  | { outcome: 'pending'; message: string; receipt?: string }
  | { outcome: 'resubmit'; message: string }
  | { outcome: 'refused'; message: string };

/** An explorer's verification API: Etherscan v2, Blockscout (its Etherscan-compatible API) or Sourcify v2. */
export interface SourceExplorer {
  /** Sends the standard JSON input; `pending` with a receipt when the explorer took it. */
  submit(request: VerificationRequest): Promise<ExplorerAnswer>;
  /** Asks how a taken submission went. */
  check(receipt: string, request: VerificationRequest): Promise<ExplorerAnswer>;
}

/** How long one request to an explorer may take. */
export const EXPLORER_TIMEOUT_MS = 30_000;

/** Words for a request that got no answer (network down, timeout): always worth another try. */
export function unreachableMessage(explorer: ExplorerConfig, error: unknown): string {
  const reason =
    error instanceof Error && error.name === 'TimeoutError'
      ? `did not answer within ${EXPLORER_TIMEOUT_MS / 1000} s`
      : 'could not be reached';
  return `${explorer.name} ${reason}.`;
}

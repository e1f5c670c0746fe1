import type { ExplorerConfig } from './verification-config.ts';
import {
  EXPLORER_TIMEOUT_MS,
  type ExplorerAnswer,
  type SourceExplorer,
  unreachableMessage,
} from './verification-explorer.ts';

/** Sourcify's error body: a code for programs and a message for people. */
interface SourcifyError {
  customCode?: string;
  message?: string;
}

/** A verification job as `GET /v2/verify/{verificationId}` reports it. */
interface SourcifyJob {
  isJobCompleted?: boolean;
  contract?: { match?: string | null; runtimeMatch?: string | null } | null;
  error?: SourcifyError | null;
}

// Sourcify reads the chain through its own RPC; a contract in a block it has not seen yet is not there.
const LAG_CODES = new Set(['contract_not_deployed', 'cannot_fetch_bytecode', 'transaction_not_found']);

/** Sourcify's v2 API: `POST /v2/verify/{chainId}/{address}` with the standard JSON input, then `GET /v2/verify/{id}`. */
export function sourcifyExplorer(explorer: ExplorerConfig): SourceExplorer {
  async function call(
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown } | ExplorerAnswer> {
    let response: Response;
    try {
      response = await fetch(`${explorer.apiUrl}${path}`, {
        ...init,
        headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(EXPLORER_TIMEOUT_MS),
      });
    } catch (error) {
      return { outcome: 'resubmit', message: unreachableMessage(explorer, error) };
    }
    const text = await response.text();
    if (response.status === 429 || response.status >= 500)
      return { outcome: 'resubmit', message: `${explorer.name} answered HTTP ${response.status}.` };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return {
        outcome: 'resubmit',
        message: `${explorer.name} answered HTTP ${response.status} without JSON.`,
      };
    }
  }
  const errorAnswer = (error: SourcifyError | null | undefined, status: number): ExplorerAnswer => {
    const message = error?.message ?? `${explorer.name} answered HTTP ${status}.`;
    if (error?.customCode === 'already_verified') return { outcome: 'verified', message };
    if (error?.customCode && LAG_CODES.has(error.customCode)) return { outcome: 'resubmit', message };
    return { outcome: 'refused', message };
  };

  return {
    async submit(request) {
      const reply = await call(`/v2/verify/${request.chainId}/${request.address}`, {
        method: 'POST',
        body: JSON.stringify({
          stdJsonInput: request.input.standardJsonInput,
          compilerVersion: request.input.compilerVersion,
          contractIdentifier: request.input.contractIdentifier,
          creationTransactionHash: request.creationTransactionHash,
        }),
      });
      if ('outcome' in reply) return reply;
      const body = reply.body as { verificationId?: unknown } & SourcifyError;
      if (reply.status === 202 && typeof body.verificationId === 'string')
        return {
          outcome: 'pending',
          message: `${explorer.name} took the source and is checking it.`,
          receipt: body.verificationId,
        };
      return errorAnswer(body, reply.status);
    },

    async check(receipt) {
      const reply = await call(`/v2/verify/${encodeURIComponent(receipt)}`, { method: 'GET' });
      if ('outcome' in reply) return { outcome: 'pending', message: reply.message };
      const job = reply.body as SourcifyJob & SourcifyError;
      if (reply.status !== 200) return errorAnswer(job, reply.status);
      if (!job.isJobCompleted)
        return { outcome: 'pending', message: `${explorer.name} is still checking it.` };
      const match = job.contract?.match ?? job.contract?.runtimeMatch;
      if (match === 'exact_match' || match === 'match') return { outcome: 'verified', message: match };
      return errorAnswer(job.error, reply.status);
    },
  };
}

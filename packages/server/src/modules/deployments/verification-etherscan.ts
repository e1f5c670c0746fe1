import type { ExplorerConfig } from './verification-config.ts';
import {
  EXPLORER_TIMEOUT_MS,
  type ExplorerAnswer,
  type SourceExplorer,
  unreachableMessage,
  type VerificationRequest,
} from './verification-explorer.ts';

/** Etherscan's answer envelope: `status` "1" is success, "0" a refusal or a wait with `result` in words. */
interface EtherscanReply {
  status?: string;
  message?: string;
  result?: unknown;
}

// Explorers that have not indexed the new contract yet, rate limits and queue hiccups: try again later.
const LAG = /unable to locate contract ?code|contract code not found|not yet (indexed|available)/i;
const TRANSIENT = /rate limit|max calls|too many|try again|temporar|timeout|busy/i;

/**
 * Etherscan's v2 API (one endpoint for every chain it covers, the chain named by `chainid`), or a
 * Blockscout's Etherscan-compatible `/api` (same requests, no `chainid`): `verifysourcecode` with the
 * standard JSON input, then `checkverifystatus` with the guid it answers.
 */
export function etherscanExplorer(explorer: ExplorerConfig): SourceExplorer {
  const endpoint = (request: VerificationRequest) => {
    const url = new URL(explorer.apiUrl);
    if (explorer.kind === 'etherscan') url.searchParams.set('chainid', String(request.chainId));
    return url;
  };

  async function call(url: URL, init: RequestInit): Promise<ExplorerAnswer | EtherscanReply> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(EXPLORER_TIMEOUT_MS) });
    } catch (error) {
      return { outcome: 'resubmit', message: unreachableMessage(explorer, error) };
    }
    const text = await response.text();
    if (response.status === 429 || response.status >= 500)
      return { outcome: 'resubmit', message: `${explorer.name} answered HTTP ${response.status}.` };
    try {
      return JSON.parse(text) as EtherscanReply;
    } catch {
      return {
        outcome: 'resubmit',
        message: `${explorer.name} answered HTTP ${response.status} without JSON.`,
      };
    }
  }
  const words = (reply: EtherscanReply) =>
    typeof reply.result === 'string' && reply.result !== ''
      ? reply.result
      : (reply.message ?? 'no reason given');

  return {
    async submit(request) {
      const form = new URLSearchParams({
        module: 'contract',
        action: 'verifysourcecode',
        contractaddress: request.address,
        sourceCode: JSON.stringify(request.input.standardJsonInput),
        codeformat: 'solidity-standard-json-input',
        contractname: request.input.contractIdentifier,
        compilerversion: `v${request.input.compilerVersion}`,
        // Etherscan has long spelled it this way; newer docs and Blockscout also read the right spelling.
        constructorArguements: request.constructorArguments.slice(2),
        constructorArguments: request.constructorArguments.slice(2),
      });
      if (explorer.apiKey) form.set('apikey', explorer.apiKey);
      const reply = await call(endpoint(request), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if ('outcome' in reply) return reply;
      const text = words(reply);
      if (reply.status === '1' && typeof reply.result === 'string' && reply.result !== '')
        return {
          outcome: 'pending',
          message: `${explorer.name} took the source and is checking it.`,
          receipt: reply.result,
        };
      if (/already verified/i.test(text)) return { outcome: 'verified', message: text };
      if (LAG.test(text) || TRANSIENT.test(text)) return { outcome: 'resubmit', message: text };
      return { outcome: 'refused', message: text };
    },

    async check(receipt, request) {
      const url = endpoint(request);
      url.searchParams.set('module', 'contract');
      url.searchParams.set('action', 'checkverifystatus');
      url.searchParams.set('guid', receipt);
      if (explorer.apiKey) url.searchParams.set('apikey', explorer.apiKey);
      const reply = await call(url, { method: 'GET' });
      if ('outcome' in reply) return { outcome: 'pending', message: reply.message };
      const text = words(reply);
      if (/pass - verified|already verified/i.test(text)) return { outcome: 'verified', message: text };
      if (/pending|in progress|queue/i.test(text)) return { outcome: 'pending', message: text };
      if (LAG.test(text)) return { outcome: 'resubmit', message: text };
      if (TRANSIENT.test(text)) return { outcome: 'pending', message: text };
      return { outcome: 'refused', message: text };
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSource } from '@layerloom/contracts/testing';
import { createPublicClient, type Hash, type Hex, http } from 'viem';

/** One submission the stand-in received, as an explorer would log it. */
export interface ReceivedSubmission {
  api: 'etherscan' | 'sourcify';
  chainId: number;
  address: string;
  contractIdentifier: string;
  compilerVersion: string;
  constructorArguments: string | undefined;
  standardJsonInput: unknown;
  apiKey: string | undefined;
}

/**
 * A local stand-in for the explorers' verification APIs, on loopback, speaking their request and response
 * shapes: Etherscan's v2 API at `/v2/api` (also Blockscout's Etherscan-compatible `/api`), and Sourcify's v2
 * (`POST /v2/verify/{chainId}/{address}`, `GET /v2/verify/{verificationId}`). It verifies as they do: it
 * compiles the submitted standard JSON input with solc (the project's build) and accepts only when the
 * runtime code equals what the chain (anvil) holds at the address, metadata hash included, and the
 * constructor arguments equal the deploy transaction's.
 */
export interface ExplorerStandIn {
  /** `http://127.0.0.1:PORT`: Sourcify's root; Etherscan's endpoint is `${url}/v2/api`. */
  url: string;
  /** The API key Etherscan's endpoint accepts. */
  apiKey: string;
  /** How many next submissions answer as an explorer that has not indexed the block yet. */
  lagSubmissions: number;
  /** How many status checks of each submission answer "pending" before its result. */
  pendingChecks: number;
  received: ReceivedSubmission[];
  /** Addresses verified, lower case, by chain: `${chainId}:${address}`. */
  verified: Set<string>;
  close(): Promise<void>;
}

interface StandInJob {
  done: Promise<{ match: true } | { match: false; reason: string }>;
  result: { match: true } | { match: false; reason: string } | undefined;
  checks: number;
  chainId: number;
  address: string;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on a free loopback port, reading the chain at `rpcUrl`. */
export async function startExplorerStandIn(options: {
  rpcUrl: string;
  chainId?: number;
  apiKey?: string;
}): Promise<ExplorerStandIn> {
  const chainId = options.chainId ?? 31337;
  const client = createPublicClient({ transport: http(options.rpcUrl) });
  const jobs = new Map<string, StandInJob>();

  /** The deploy transaction of a contract, through anvil's Otterscan API (as explorers index it). */
  async function creationOf(address: Hex): Promise<{ hash: Hash; input: Hex } | undefined> {
    try {
      const creator = (await client.request({
        method: 'ots_getContractCreator' as never,
        params: [address] as never,
      })) as { hash: Hash } | null;
      if (!creator) return undefined;
      const transaction = await client.getTransaction({ hash: creator.hash });
      return { hash: creator.hash, input: transaction.input };
    } catch {
      return undefined;
    }
  }

  /** Whether the chain holds code at the address yet (an explorer that lags answers as if not). */
  async function codeAt(address: Hex): Promise<Hex | undefined> {
    const code = await client.getCode({ address });
    return code && code !== '0x' ? code : undefined;
  }

  function startJob(submission: ReceivedSubmission, deployedCode: Hex): string {
    const id = randomUUID();
    const job: StandInJob = {
      result: undefined,
      checks: 0,
      chainId: submission.chainId,
      address: submission.address.toLowerCase(),
      done: Promise.resolve({ match: false, reason: 'not compiled yet' }),
    };
    job.done = (async () => {
      // Let the HTTP answer go out first, as a queue would.
      await new Promise((resolve) => setImmediate(resolve));
      const creation = await creationOf(submission.address as Hex);
      const result = await checkSource({
        standardJsonInput: submission.standardJsonInput,
        contractIdentifier: submission.contractIdentifier,
        compilerVersion: submission.compilerVersion,
        deployedCode,
        creationInput: creation?.input,
        constructorArguments: submission.constructorArguments,
      }).catch((error: unknown) => ({ match: false as const, reason: String(error) }));
      job.result = result;
      if (result.match) standIn.verified.add(`${job.chainId}:${job.address}`);
      return result;
    })();
    jobs.set(id, job);
    return id;
  }

  const isVerified = (chain: number, address: string) =>
    standIn.verified.has(`${chain}:${address.toLowerCase()}`);

  async function etherscan(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const fields = new URLSearchParams(request.method === 'POST' ? await readBody(request) : '');
    const field = (name: string) => fields.get(name) ?? url.searchParams.get(name) ?? undefined;
    const notOk = (result: string) => answer(response, 200, { status: '0', message: 'NOTOK', result });
    const isV2 = url.pathname === '/v2/api';
    const chain = isV2 ? Number(url.searchParams.get('chainid')) : chainId;
    if (isV2 && field('apikey') !== standIn.apiKey) return notOk('Invalid API Key (#err2)|1');
    if (isV2 && chain !== chainId) return notOk(`Invalid chainid ${url.searchParams.get('chainid')}`);
    if (field('module') !== 'contract') return notOk('Error! Missing Or invalid Module name');
    const action = field('action');
    if (action === 'verifysourcecode' && request.method === 'POST') {
      const address = field('contractaddress') ?? '';
      if (field('codeformat') !== 'solidity-standard-json-input')
        return notOk('Only solidity-standard-json-input is supported here');
      let standardJsonInput: unknown;
      try {
        standardJsonInput = JSON.parse(field('sourceCode') ?? '');
      } catch {
        return notOk('Invalid sourceCode: not a standard JSON input');
      }
      const deployedCode = await codeAt(address as Hex);
      if (standIn.lagSubmissions > 0 || !deployedCode) {
        standIn.lagSubmissions = Math.max(0, standIn.lagSubmissions - 1);
        return notOk(`Unable to locate ContractCode at ${address}`);
      }
      if (isVerified(chain, address)) return notOk('Contract source code already verified');
      const submission: ReceivedSubmission = {
        api: 'etherscan',
        chainId: chain,
        address,
        contractIdentifier: field('contractname') ?? '',
        compilerVersion: field('compilerversion') ?? '',
        constructorArguments: field('constructorArguements'),
        standardJsonInput,
        apiKey: field('apikey'),
      };
      standIn.received.push(submission);
      if (!/^v\d+\.\d+\.\d+\+commit\.[0-9a-f]{8}$/.test(submission.compilerVersion))
        return notOk(`Invalid compilerversion ${submission.compilerVersion}`);
      return answer(response, 200, {
        status: '1',
        message: 'OK',
        result: startJob(submission, deployedCode),
      });
    }
    if (action === 'checkverifystatus') {
      const job = jobs.get(field('guid') ?? '');
      if (!job) return notOk('Unable to find the GUID');
      job.checks++;
      if (job.checks <= standIn.pendingChecks || job.result === undefined) return notOk('Pending in queue');
      if (job.result.match)
        return answer(response, 200, { status: '1', message: 'OK', result: 'Pass - Verified' });
      return notOk(`Fail - Unable to verify. ${job.result.reason}`);
    }
    return notOk(`Error! Unknown action ${action}`);
  }

  async function sourcify(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const submit = /^\/v2\/verify\/(\d+)\/(0x[0-9a-fA-F]{40})$/.exec(url.pathname);
    const error = (status: number, customCode: string, message: string) =>
      answer(response, status, { customCode, message, errorId: randomUUID() });
    if (submit && request.method === 'POST') {
      const [chain, address] = [Number(submit[1]), submit[2] as string];
      let body: { stdJsonInput?: unknown; compilerVersion?: unknown; contractIdentifier?: unknown };
      try {
        body = JSON.parse(await readBody(request)) as typeof body;
      } catch {
        return error(400, 'invalid_json', 'The request body is not JSON.');
      }
      if (
        typeof body.compilerVersion !== 'string' ||
        typeof body.contractIdentifier !== 'string' ||
        !body.stdJsonInput
      )
        return error(
          400,
          'invalid_parameter',
          'stdJsonInput, compilerVersion and contractIdentifier are required.',
        );
      if (chain !== chainId) return error(400, 'unsupported_chain', `Chain ${chain} is not supported.`);
      if (isVerified(chain, address))
        return error(409, 'already_verified', 'The contract is already verified.');
      const submission: ReceivedSubmission = {
        api: 'sourcify',
        chainId: chain,
        address,
        contractIdentifier: body.contractIdentifier,
        compilerVersion: body.compilerVersion,
        constructorArguments: undefined,
        standardJsonInput: body.stdJsonInput,
        apiKey: undefined,
      };
      standIn.received.push(submission);
      const deployedCode = await codeAt(address as Hex);
      if (standIn.lagSubmissions > 0 || !deployedCode) {
        standIn.lagSubmissions = Math.max(0, standIn.lagSubmissions - 1);
        const id = randomUUID();
        jobs.set(id, {
          done: Promise.resolve({ match: false, reason: 'not deployed' }),
          result: {
            match: false,
            reason: `contract_not_deployed:Chain ${chain} does not have a contract deployed at ${address}.`,
          },
          checks: 0,
          chainId: chain,
          address: address.toLowerCase(),
        });
        return answer(response, 202, { verificationId: id });
      }
      return answer(response, 202, { verificationId: startJob(submission, deployedCode) });
    }
    const check = /^\/v2\/verify\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (check && request.method === 'GET') {
      const id = check[1] as string;
      const job = jobs.get(id);
      if (!job) return error(404, 'job_not_found', `No verification job ${id}.`);
      job.checks++;
      if (job.checks <= standIn.pendingChecks || job.result === undefined)
        return answer(response, 200, { isJobCompleted: false, verificationId: id });
      if (job.result.match)
        return answer(response, 200, {
          isJobCompleted: true,
          verificationId: id,
          contract: {
            match: 'exact_match',
            creationMatch: 'exact_match',
            runtimeMatch: 'exact_match',
            chainId: String(job.chainId),
            address: job.address,
          },
        });
      const [code, message] = job.result.reason.startsWith('contract_not_deployed:')
        ? ['contract_not_deployed', job.result.reason.slice('contract_not_deployed:'.length)]
        : ['no_match', `The onchain and recompiled bytecodes don't match. ${job.result.reason}`];
      return answer(response, 200, {
        isJobCompleted: true,
        verificationId: id,
        contract: {
          match: null,
          creationMatch: null,
          runtimeMatch: null,
          chainId: String(job.chainId),
          address: job.address,
        },
        error: { customCode: code, message, errorId: randomUUID() },
      });
    }
    return error(404, 'not_found', `No route ${request.method} ${url.pathname}.`);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const handle =
      url.pathname === '/v2/api' || url.pathname === '/api'
        ? etherscan(request, response, url)
        : sourcify(request, response, url);
    handle.catch((error: unknown) => answer(response, 500, { message: String(error) }));
  });
  // solc-js compiles on this thread and holds it for seconds; a client's kept-alive socket must outlast that.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: ExplorerStandIn = {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey ?? 'STANDINKEY',
    lagSubmissions: 0,
    pendingChecks: 0,
    received: [],
    verified: new Set(),
    async close() {
      await Promise.allSettled([...jobs.values()].map((job) => job.done));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}

import {
  deployCollection,
  deployPaymentSplitter,
  layerloomCollectionBytecode,
  layerloomCollectionVerificationInput,
  layerloomPaymentSplitterBytecode,
  layerloomPaymentSplitterVerificationInput,
} from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  parseEther,
} from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExplorerStandIn, startExplorerStandIn } from '../../../test/support/explorer-stand-in.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import type { ExplorerConfig } from './verification-config.ts';

// anvil's unlocked default account #0.
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
// anvil's accounts #2 and #3 share the royalties of a collection deployed with a splitter.
const ROYALTY_PAYEES = [
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address, shares: 6000 },
  { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address, shares: 4000 },
];
const WEB = 'https://explorer.example';
const pause = () => new Promise((resolve) => setTimeout(resolve, 25));

describe.each(databaseKinds)("verifying a deployed contract's source on the explorer, on %s", (kind) => {
  let chain: Anvil;
  let explorer: ExplorerStandIn;
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let otherCollectionId: string;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) });
  const etherscan = (): ExplorerConfig => ({
    kind: 'etherscan',
    name: 'Etherscan',
    apiUrl: `${explorer.url}/v2/api`,
    apiKey: explorer.apiKey,
    webUrl: WEB,
  });
  const setExplorer = (config: ExplorerConfig | undefined) => {
    const explorers = { ...test.app.config.verification.explorers };
    if (config) explorers[31337] = config;
    else delete explorers[31337];
    test.app.config.verification = { ...test.app.config.verification, explorers };
  };

  const walletClient = () =>
    createWalletClient({ account: CREATOR, chain: anvilChain, transport: http(chain.rpcUrl) });

  /**
   * Deploys from the creator's wallet and records it, as the launch form does; with `withSplitter`, a
   * royalty splitter first, the collection's royalties paid to it.
   */
  async function deployAndRecord(id = collectionId, user = owner, withSplitter = false) {
    const splitter = withSplitter
      ? await deployPaymentSplitter({
          walletClient: walletClient(),
          publicClient: publicClient(),
          payees: ROYALTY_PAYEES,
        })
      : undefined;
    const deployed = await deployCollection({
      walletClient: walletClient(),
      publicClient: publicClient(),
      collection: {
        name: 'Verified Cats',
        symbol: 'VCAT',
        maxSupply: 3,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://layerloom.example.com/hidden.json',
        ...(splitter ? { royalty: { bps: 500, receiver: splitter.address } } : {}),
      },
    });
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${id}/deployments`,
      headers: { cookie: user.cookie },
      payload: {
        chainId: 31337,
        address: deployed.address,
        deployer: CREATOR,
        transactionHash: deployed.hash,
        name: 'Verified Cats',
        symbol: 'VCAT',
        maxSupply: 3,
        ...(splitter ? { royaltySplitter: { address: splitter.address, payees: ROYALTY_PAYEES } } : {}),
      },
    });
    expect(response.statusCode).toBe(201);
    return { ...deployed, splitter, deployment: response.json().data.deployment };
  }

  const listed = async (deploymentId: string, id = collectionId) => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/deployments`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.deployments.find((entry: { id: string }) => entry.id === deploymentId);
  };

  /**
   * The deployment once its verifications have settled (the background jobs and their retries have run):
   * the collection's, and the royalty splitter's when it has one.
   */
  async function settled(deploymentId: string) {
    for (;;) {
      const deployment = await listed(deploymentId);
      if (
        deployment.sourceVerification?.status !== 'pending' &&
        deployment.royaltySplitterVerification?.status !== 'pending'
      )
        return deployment;
      await pause();
    }
  }

  const retry = (
    deploymentId: string,
    user: LoggedInUser | null = owner,
    id = collectionId,
    contract?: string,
  ) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${id}/deployments/${deploymentId}/source-verification${contract ? `?contract=${contract}` : ''}`,
      headers: user ? { cookie: user.cookie } : {},
    });

  beforeAll(async () => {
    chain = await startAnvil();
    explorer = await startExplorerStandIn({ rpcUrl: chain.rpcUrl });
    test = await createTestApp(kind, {
      RPC_URL_31337: chain.rpcUrl,
      EXPLORER_31337: 'etherscan',
      EXPLORER_API_URL_31337: `${explorer.url}/v2/api`,
      EXPLORER_API_KEY_31337: explorer.apiKey,
      EXPLORER_URL_31337: WEB,
      VERIFY_RETRY_BASE_MS: '20',
    });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Verified Cats',
    });
    otherCollectionId = await createReadyCollection(test.app, other.cookie, {
      collectionSize: 3,
      name: 'Verified Cats',
    });
    for (const [id, user] of [
      [collectionId, owner],
      [otherCollectionId, other],
    ] as const) {
      const published = await test.app.inject({
        method: 'POST',
        url: `/api/v1/collections/${id}/publication`,
        headers: { cookie: user.cookie },
        payload: {},
      });
      expect(published.statusCode).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await explorer?.close();
    await chain?.stop();
  });

  it('submits the source once the contract is confirmed, retries while the explorer lags, and links the verified code', async () => {
    explorer.lagSubmissions = 2;
    explorer.pendingChecks = 1;
    const { deployment, address, hash } = await deployAndRecord();
    expect(deployment.status).toBe('verified');
    // The deployment is recorded at once; the explorer is asked in the background.
    expect(deployment.sourceVerification).toMatchObject({
      status: 'pending',
      explorer: 'Etherscan',
      codeUrl: null,
    });

    const done = await settled(deployment.id);
    expect(done.sourceVerification).toMatchObject({
      status: 'verified',
      explorer: 'Etherscan',
      codeUrl: `${WEB}/address/${getAddress(address)}#code`,
      message: null,
      canRetry: false,
    });
    // Two "Unable to locate ContractCode" answers, the submission, "Pending in queue" (once, or more while
    // the stand-in compiles), then "Pass - Verified".
    expect(explorer.lagSubmissions).toBe(0);
    expect(done.sourceVerification.attempts).toBeGreaterThanOrEqual(5);
    expect(explorer.verified.has(`31337:${address.toLowerCase()}`)).toBe(true);

    const submission = explorer.received.at(-1);
    const transaction = await publicClient().getTransaction({ hash: hash as Hash });
    expect(submission).toMatchObject({
      api: 'etherscan',
      address: getAddress(address),
      contractIdentifier: 'contracts/LayerloomCollection.sol:LayerloomCollection',
      compilerVersion: expect.stringMatching(/^v0\.8\.37\+commit\.[0-9a-f]{8}$/),
      constructorArguments: transaction.input.slice(layerloomCollectionBytecode.length),
      apiKey: explorer.apiKey,
    });
    expect(Object.keys((submission!.standardJsonInput as { sources: object }).sources)).toContain(
      'contracts/PaymentSplit.sol',
    );
  }, 180_000);

  it('verifies the royalty splitter deployed with the collection as a contract of its own', async () => {
    explorer.lagSubmissions = 0;
    explorer.pendingChecks = 1;
    const { deployment, address, splitter } = await deployAndRecord(collectionId, owner, true);
    expect(deployment.royaltySplitterVerification).toMatchObject({
      status: 'pending',
      explorer: 'Etherscan',
    });

    const done = await settled(deployment.id);
    const splitterAddress = getAddress(splitter!.address);
    expect(done.sourceVerification).toMatchObject({
      status: 'verified',
      codeUrl: `${WEB}/address/${getAddress(address)}#code`,
    });
    expect(done.royaltySplitterVerification).toMatchObject({
      status: 'verified',
      explorer: 'Etherscan',
      codeUrl: `${WEB}/address/${splitterAddress}#code`,
      message: null,
      canRetry: false,
    });
    expect(explorer.verified.has(`31337:${splitterAddress.toLowerCase()}`)).toBe(true);
    // The splitter's own source and its constructor arguments, as its deploy transaction carried them.
    const submission = explorer.received.find((entry) => entry.address === splitterAddress);
    const transaction = await publicClient().getTransaction({ hash: splitter!.hash });
    expect(submission).toMatchObject({
      contractIdentifier: 'contracts/LayerloomPaymentSplitter.sol:LayerloomPaymentSplitter',
      constructorArguments: transaction.input.slice(layerloomPaymentSplitterBytecode.length),
    });

    const again = await retry(deployment.id, owner, collectionId, 'royaltySplitter');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "The royalty splitter's source is already verified on Etherscan.",
    );
  }, 180_000);

  it("retries the splitter's verification apart from the collection's; 404 for a deployment without a splitter", async () => {
    setExplorer({ ...etherscan(), apiKey: 'WRONG-KEY' });
    const { deployment } = await deployAndRecord(collectionId, owner, true);
    const failed = await settled(deployment.id);
    expect(failed.sourceVerification).toMatchObject({ status: 'failed', canRetry: true });
    expect(failed.royaltySplitterVerification).toMatchObject({
      status: 'failed',
      message: 'Etherscan refused the source: Invalid API Key (#err2)|1',
      canRetry: true,
    });

    setExplorer(etherscan());
    const retried = await retry(deployment.id, owner, collectionId, 'royaltySplitter');
    expect(retried.statusCode).toBe(202);
    expect(retried.json().data.deployment.royaltySplitterVerification).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    const done = await settled(deployment.id);
    expect(done.royaltySplitterVerification.status).toBe('verified');
    // The collection's stays as it was until the creator retries it too.
    expect(done.sourceVerification.status).toBe('failed');

    const plain = (await deployAndRecord()).deployment;
    expect(plain.royaltySplitterVerification).toBeNull();
    const noSplitter = await retry(plain.id, owner, collectionId, 'royaltySplitter');
    expect(noSplitter.statusCode).toBe(404);
    expect(noSplitter.json().error.message).toBe('Royalty splitter not found');
    const unknown = await retry(plain.id, owner, collectionId, 'factory');
    expect(unknown.statusCode).toBe(400);
  }, 180_000);

  it("records the explorer's refusal in its words, and verifies when the creator retries", async () => {
    setExplorer({ ...etherscan(), apiKey: 'WRONG-KEY' });
    const { deployment } = await deployAndRecord();
    const failed = await settled(deployment.id);
    expect(failed.sourceVerification).toMatchObject({
      status: 'failed',
      message: 'Etherscan refused the source: Invalid API Key (#err2)|1',
      canRetry: true,
    });

    setExplorer(etherscan());
    const retried = await retry(deployment.id);
    expect(retried.statusCode).toBe(202);
    expect(retried.json().data.deployment.sourceVerification).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    expect((await settled(deployment.id)).sourceVerification.status).toBe('verified');

    const again = await retry(deployment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('The source is already verified on Etherscan.');
  }, 180_000);

  it('verifies through Sourcify too, submitting again while it has not seen the contract', async () => {
    setExplorer({
      kind: 'sourcify',
      name: 'Sourcify',
      apiUrl: explorer.url,
      apiKey: undefined,
      webUrl: 'https://repo.example',
    });
    explorer.lagSubmissions = 1;
    explorer.pendingChecks = 0;
    try {
      const { deployment, address } = await deployAndRecord();
      const done = await settled(deployment.id);
      expect(done.sourceVerification).toMatchObject({
        status: 'verified',
        explorer: 'Sourcify',
        codeUrl: `https://repo.example/31337/${getAddress(address)}`,
      });
      expect(explorer.received.at(-1)).toMatchObject({
        api: 'sourcify',
        compilerVersion: expect.stringMatching(/^0\.8\.37\+commit\.[0-9a-f]{8}$/),
      });
    } finally {
      setExplorer(etherscan());
    }
  }, 180_000);

  it('says plainly when the network has no explorer set up, and the deployment is recorded all the same', async () => {
    setExplorer(undefined);
    try {
      const { deployment } = await deployAndRecord();
      expect(deployment.status).toBe('verified');
      expect(deployment.sourceVerification).toEqual({
        status: 'not_configured',
        explorer: null,
        codeUrl: null,
        message: "Source verification isn't set up for this network.",
        attempts: 0,
        canRetry: false,
        updatedAt: expect.any(String),
      });
      const refused = await retry(deployment.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe("Source verification isn't set up for this network.");

      // Once an explorer is set up, the creator can have it verified.
      setExplorer(etherscan());
      expect((await listed(deployment.id)).sourceVerification).toMatchObject({
        status: 'not_configured',
        canRetry: true,
        message:
          "Source verification wasn't set up for this network when the contract was deployed; Etherscan is now.",
      });
      expect((await retry(deployment.id)).statusCode).toBe(202);
      expect((await settled(deployment.id)).sourceVerification.status).toBe('verified');
    } finally {
      setExplorer(etherscan());
    }
  }, 120_000);

  it('gives up after its tries when the explorer never answers, and the deployment stands', async () => {
    setExplorer({ ...etherscan(), apiUrl: 'http://127.0.0.1:9/v2/api' });
    try {
      const { deployment } = await deployAndRecord();
      expect(deployment.status).toBe('verified');
      const failed = await settled(deployment.id);
      expect(failed.sourceVerification).toMatchObject({
        status: 'failed',
        attempts: 10,
        message:
          'Etherscan had not verified the source after 10 tries. Its last answer: Etherscan could not be reached.',
        canRetry: true,
      });
    } finally {
      setExplorer(etherscan());
    }
  }, 180_000);

  it("lets only the collection's owner retry: 401 without a session, 404 for others' collections and deployments", async () => {
    const mine = (await listed((await deployAndRecord()).deployment.id)).id;
    const theirs = (await deployAndRecord(otherCollectionId, other)).deployment.id;
    expect((await retry(mine, null)).statusCode).toBe(401);
    const notFound = [
      await retry(mine, other),
      await retry(theirs, owner, collectionId),
      await retry(theirs, owner, otherCollectionId),
      await retry('no-such-deployment'),
    ];
    for (const response of notFound) expect(response.statusCode).toBe(404);
    expect(notFound[1]?.json().error.message).toBe('Deployment not found');
  }, 180_000);
});

describe('the explorer stand-in', () => {
  let chain: Anvil;
  let explorer: ExplorerStandIn;
  beforeAll(async () => {
    chain = await startAnvil();
    explorer = await startExplorerStandIn({ rpcUrl: chain.rpcUrl });
  });
  afterAll(async () => {
    await explorer?.close();
    await chain?.stop();
  });

  it('refuses a tampered source for a deployed contract, as the explorers do', async () => {
    const input = layerloomCollectionVerificationInput;
    const deployed = await deployCollection({
      walletClient: createWalletClient({
        account: CREATOR,
        chain: anvilChain,
        transport: http(chain.rpcUrl),
      }),
      publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
      collection: {
        name: 'Tampered Cats',
        symbol: 'TCAT',
        maxSupply: 5,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://layerloom.example.com/hidden.json',
      },
    });
    const tampered = structuredClone(input.standardJsonInput);
    const path = 'contracts/PaymentSplit.sol';
    tampered.sources[path] = {
      content: tampered.sources[path]!.content.replace('// SPDX', '// tampered\n// SPDX'),
    };
    const submitted = await fetch(`${explorer.url}/v2/verify/31337/${deployed.address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        stdJsonInput: tampered,
        compilerVersion: input.compilerVersion,
        contractIdentifier: input.contractIdentifier,
      }),
    });
    expect(submitted.status).toBe(202);
    const { verificationId } = (await submitted.json()) as { verificationId: string };
    let job: { isJobCompleted: boolean; error?: { customCode: string; message: string } };
    for (;;) {
      job = (await (await fetch(`${explorer.url}/v2/verify/${verificationId}`)).json()) as typeof job;
      if (job.isJobCompleted) break;
      await pause();
    }
    expect(job.error).toMatchObject({
      customCode: 'no_match',
      message: expect.stringContaining('The compiled runtime bytecode does not match the code on chain.'),
    });
    expect(explorer.verified.size).toBe(0);

    // The right source with wrong constructor arguments is refused too (Etherscan's shape).
    const transaction = await createPublicClient({
      chain: anvilChain,
      transport: http(chain.rpcUrl),
    }).getTransaction({
      hash: deployed.hash,
    });
    const rightArguments = transaction.input.slice(layerloomCollectionBytecode.length);
    const form = (constructorArguements: string) =>
      new URLSearchParams({
        apikey: explorer.apiKey,
        module: 'contract',
        action: 'verifysourcecode',
        contractaddress: deployed.address,
        sourceCode: JSON.stringify(input.standardJsonInput),
        codeformat: 'solidity-standard-json-input',
        contractname: input.contractIdentifier,
        compilerversion: `v${input.compilerVersion}`,
        constructorArguements,
      });
    const etherscanVerdict = async (constructorArguements: string) => {
      const taken = (await (
        await fetch(`${explorer.url}/v2/api?chainid=31337`, {
          method: 'POST',
          body: form(constructorArguements),
        })
      ).json()) as { status: string; result: string };
      expect(taken.status).toBe('1');
      for (;;) {
        const url = `${explorer.url}/v2/api?chainid=31337&module=contract&action=checkverifystatus&guid=${taken.result}&apikey=${explorer.apiKey}`;
        const status = (await (await fetch(url)).json()) as { result: string };
        if (status.result !== 'Pending in queue') return status.result;
        await pause();
      }
    };
    expect(await etherscanVerdict(`${rightArguments.slice(0, -1)}7`)).toBe(
      'Fail - Unable to verify. The constructor arguments do not match the deploy transaction.',
    );
    expect(await etherscanVerdict(rightArguments)).toBe('Pass - Verified');
  }, 180_000);

  it("accepts the royalty splitter's source and refuses it tampered", async () => {
    const input = layerloomPaymentSplitterVerificationInput;
    const splitter = await deployPaymentSplitter({
      walletClient: createWalletClient({
        account: CREATOR,
        chain: anvilChain,
        transport: http(chain.rpcUrl),
      }),
      publicClient: createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) }),
      payees: ROYALTY_PAYEES,
    });
    const verdict = async (standardJsonInput: typeof input.standardJsonInput) => {
      const submitted = await fetch(`${explorer.url}/v2/verify/31337/${splitter.address}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          stdJsonInput: standardJsonInput,
          compilerVersion: input.compilerVersion,
          contractIdentifier: input.contractIdentifier,
        }),
      });
      expect(submitted.status).toBe(202);
      const { verificationId } = (await submitted.json()) as { verificationId: string };
      for (;;) {
        const job = (await (await fetch(`${explorer.url}/v2/verify/${verificationId}`)).json()) as {
          isJobCompleted: boolean;
          contract?: { match: string | null };
          error?: { customCode: string; message: string };
        };
        if (job.isJobCompleted) return job;
        await pause();
      }
    };
    const tampered = structuredClone(input.standardJsonInput);
    const path = 'contracts/LayerloomPaymentSplitter.sol';
    tampered.sources[path] = {
      content: tampered.sources[path]!.content.replace(
        'if (payees_.length == 0)',
        'if (payees_.length > 10)',
      ),
    };
    expect((await verdict(tampered)).error).toMatchObject({
      customCode: 'no_match',
      message: expect.stringContaining('The compiled runtime bytecode does not match the code on chain.'),
    });
    expect(explorer.verified.has(`31337:${splitter.address.toLowerCase()}`)).toBe(false);
    expect((await verdict(input.standardJsonInput)).contract?.match).toBe('exact_match');
    expect(explorer.verified.has(`31337:${splitter.address.toLowerCase()}`)).toBe(true);
  }, 180_000);
});

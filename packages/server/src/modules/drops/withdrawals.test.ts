import {
  deployCollection,
  layerloomCollectionAbi,
  mint,
  release,
  setPhase,
  withdraw,
} from '@layerloom/contracts';
import { type Anvil, startAnvil } from '@layerloom/contracts/testing';
import { type Address, getAddress, type Hash, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilClients } from '../../../test/support/live-drop.ts';
import { createTeam, createTeamCollection, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import type { LoggedInUser } from '../../../test/support/users.ts';

// anvil's unlocked default accounts: the creator's wallet, a collector, and two payees of a split.
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const COLLECTOR: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PAYEE_A: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PAYEE_B: Address = '0x90F79bf6EB2c4f870365E51EF970E9D23F7D0C6F';

describe.each(databaseKinds)('logging withdrawals of a sale’s funds, on %s', (kind) => {
  let chain: Anvil;
  let test: TestApp;
  let team: TestTeam;
  let collectionId: string;
  let contract: Address;

  const inject = (method: 'GET' | 'POST', url: string, user?: LoggedInUser, payload?: object) =>
    test.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload });
  const report = (hash: string, user: LoggedInUser = team.owner, id = collectionId) =>
    inject('POST', `/api/v1/collections/${id}/withdrawals`, user, { transactionHash: hash });
  const withdrawals = async () =>
    (
      await inject(
        'GET',
        `/api/v1/workspaces/${team.workspaceId}/activity?action=collection.withdrawn`,
        team.owner,
      )
    ).json().data.entries as { actor: string; subject: string }[];
  const storedRows = () => test.app.database.db.selectFrom('withdrawals').selectAll().execute();
  const wallet = (account: Address = CREATOR) => anvilClients(chain, account);

  /** Deploys a 4-token contract for the collection from the creator's wallet and records it. */
  async function deployAndRecord(payees?: { address: Address; shares: number }[]): Promise<Address> {
    const deployed = await deployCollection({
      ...wallet(),
      collection: {
        name: 'Team Cats',
        symbol: 'TCAT',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 4,
        preRevealURI: 'https://loom.example.com/hidden.json',
        ...(payees ? { payees } : {}),
      },
    });
    const recorded = await inject('POST', `/api/v1/collections/${collectionId}/deployments`, team.owner, {
      chainId: 31337,
      address: deployed.address,
      deployer: CREATOR,
      transactionHash: deployed.hash,
      name: 'Team Cats',
      symbol: 'TCAT',
      maxSupply: 4,
      ...(payees ? { payees } : {}),
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    return deployed.address;
  }

  async function sell(address: Address, quantity: number) {
    await setPhase({ ...wallet(), address, phase: 'public' });
    await mint({ ...wallet(COLLECTOR), address, quantity });
  }

  beforeAll(async () => {
    chain = await startAnvil();
    test = await createTestApp(kind, { RPC_URL_31337: chain.rpcUrl, PUBLIC_URL: 'https://loom.example.com' });
    team = await createTeam(test.app, 'Funds Studio');
    ({ collectionId } = await createTeamCollection(test.app, team, 4));
    const published = await inject('POST', `/api/v1/collections/${collectionId}/publication`, team.owner, {});
    expect(published.statusCode, published.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await chain?.stop();
  });

  it('refuses a report before the collection has a contract', async () => {
    const response = await report(`0x${'2'.repeat(64)}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('Deploy the collection');
    expect(await storedRows()).toEqual([]);
  });

  it('logs the owner’s withdrawal read on chain, with the amount, the wallet and the transaction', async () => {
    contract = await deployAndRecord();
    await sell(contract, 2);
    const { hash } = await withdraw({ ...wallet(), address: contract });

    const response = await report(hash);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.withdrawal).toMatchObject({
      chainId: 31337,
      contract: getAddress(contract),
      transactionHash: hash.toLowerCase(),
      recipients: [CREATOR],
      amountWei: parseEther('0.02').toString(),
      amount: '0.02 ETH',
    });
    const log = await withdrawals();
    expect(log).toEqual([
      expect.objectContaining({
        actor: 'Olive Owner',
        subject: `Fixture Cats: 0.02 ETH to ${CREATOR} (transaction ${hash.toLowerCase()})`,
      }),
    ]);
    // Readable by every member, as the rest of the log.
    const seen = await inject('GET', `/api/v1/workspaces/${team.workspaceId}/activity`, team.viewer);
    expect(seen.json().data.entries.map((entry: { action: string }) => entry.action)).toContain(
      'collection.withdrawn',
    );

    // The same transaction again is refused: logged once.
    const again = await report(hash.toUpperCase().replace('0X', '0x'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already in the activity log');
    expect(await withdrawals()).toHaveLength(1);
    expect(await storedRows()).toHaveLength(1);
  }, 60_000);

  it('refuses a forged, foreign, failed or unrelated transaction, and anyone but an Owner, writing nothing', async () => {
    await sell(contract, 1);
    // Another contract's withdrawal, a mint of this one, a transaction that reverted on chain, a made-up hash.
    const elsewhere = await deployCollection({
      ...wallet(),
      collection: {
        name: 'Other',
        symbol: 'OTH',
        maxSupply: 2,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: '',
      },
    });
    await sell(elsewhere.address, 1);
    const foreign = await withdraw({ ...wallet(), address: elsewhere.address });
    const minted = await mint({ ...wallet(COLLECTOR), address: contract, quantity: 1 });
    // The collector may not withdraw: sent with a fixed gas limit, the call is mined and reverts.
    const { walletClient, publicClient } = wallet(COLLECTOR);
    const reverted = await walletClient.writeContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'withdraw',
      account: COLLECTOR,
      chain: walletClient.chain,
      gas: 200_000n,
    });
    expect((await publicClient.waitForTransactionReceipt({ hash: reverted })).status).toBe('reverted');
    const refusals: [Hash, string][] = [
      [foreign.hash, "was not sent to this collection's contract"],
      [minted.hash, 'withdrew no funds'],
      [reverted, 'failed on'],
      [`0x${'3'.repeat(64)}`, 'was not found'],
    ];
    for (const [hash, message] of refusals) {
      const response = await report(hash);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(response.json().error.fields[0].path).toBe('transactionHash');
    }
    const bad = await report('0x1234');
    expect(bad.statusCode).toBe(400);

    // A real withdrawal of this contract, reported by someone who may not: refused by role, or not found.
    const { hash } = await withdraw({ ...wallet(), address: contract });
    for (const member of [team.admin, team.editor, team.viewer]) {
      const response = await report(hash, member);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toContain('log withdrawals');
    }
    expect((await report(hash, team.outsider)).statusCode).toBe(404);
    const anonymous = await inject('POST', `/api/v1/collections/${collectionId}/withdrawals`, undefined, {
      transactionHash: hash,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await withdrawals()).toHaveLength(1);
    expect(await storedRows()).toHaveLength(1);

    // The Owner's report of it is logged.
    expect((await report(hash)).statusCode).toBe(201);
    expect(await withdrawals()).toHaveLength(2);
  }, 60_000);

  it('logs a split payee’s payment from the newest contract', async () => {
    const split = await deployAndRecord([
      { address: PAYEE_A, shares: 3 },
      { address: PAYEE_B, shares: 1 },
    ]);
    await sell(split, 4);
    // Anyone may pay a payee its due; the creator's wallet does here.
    const { hash } = await release({ ...wallet(), address: split, payee: PAYEE_A });
    const response = await report(hash);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.withdrawal).toMatchObject({
      contract: getAddress(split),
      recipients: [PAYEE_A],
      amount: '0.03 ETH',
    });
    expect((await withdrawals())[0]?.subject).toBe(
      `Fixture Cats: 0.03 ETH to ${PAYEE_A} (transaction ${hash.toLowerCase()})`,
    );
  }, 60_000);
});

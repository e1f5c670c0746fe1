import { type Address, encodeDeployData, getAddress, parseEther, parseEventLogs } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  deployCollection,
  deployPaymentSplitter,
  getPayouts,
  InvalidCollectionConfigError,
  InvalidPayeesError,
  layerloomCollectionAbi,
  layerloomCollectionBytecode,
  layerloomPaymentSplitterAbi,
  layerloomPaymentSplitterBytecode,
  mint,
  type PayeeShare,
  release,
  setPhase,
  withdraw,
} from '../src/index.ts';
import { testPayeeAbi, testPayeeBytecode } from './generated/test-payee.generated.ts';
import { testTokenAbi, testTokenBytecode } from './generated/test-token.generated.ts';
import { defaultSettings, deployTestCollection } from './support/collection.ts';
import { deploymentRevert, expectRevert, withTestChain } from './support/harness.ts';

const testChain = withTestChain();
const price = defaultSettings.mintPrice;

function wallet(index: number) {
  const { chain } = testChain;
  const walletClient = chain.wallets[index];
  if (!walletClient) throw new Error(`no anvil wallet ${index}`);
  return { walletClient, publicClient: chain.publicClient };
}

function account(index: number): Address {
  const address = testChain.chain.accounts[index];
  if (!address) throw new Error(`no anvil account ${index}`);
  return address;
}

function balanceOf(address: Address) {
  return testChain.chain.publicClient.getBalance({ address });
}

/** Deploys the test payee: a contract that refuses Ether until `setAccepting(true)`. */
async function deployRefusingPayee(): Promise<Address> {
  const deployer = testChain.chain.wallets[0]!;
  const hash = await deployer.deployContract({
    abi: testPayeeAbi,
    bytecode: testPayeeBytecode,
    account: account(0),
    chain: deployer.chain,
  });
  const receipt = await testChain.chain.publicClient.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

async function acceptEther(payee: Address) {
  const hash = await testChain.chain.wallets[0]!.writeContract({
    address: payee,
    abi: testPayeeAbi,
    functionName: 'setAccepting',
    args: [true],
    account: account(0),
    chain: testChain.chain.wallets[0]!.chain,
  });
  await testChain.chain.publicClient.waitForTransactionReceipt({ hash });
}

/** Deploys a collection with these payees, opens the public sale and sells `sold` tokens (3 per wallet). */
async function splitCollection(payees: readonly PayeeShare[], sold: number): Promise<Address> {
  const address = await deployTestCollection(testChain.chain, { payees, maxPerWallet: 3 });
  await setPhase({ ...wallet(0), address, phase: 'public' });
  for (let buyer = 7; sold > 0; buyer++) {
    const quantity = Math.min(3, sold);
    await mint({ ...wallet(buyer), address, quantity });
    sold -= quantity;
  }
  return address;
}

describe('sale proceeds split among payees', () => {
  it('owes each payee its share and pays each one alone, whoever sends the release', async () => {
    const [alice, bob, carol] = [account(1), account(2), account(3)];
    const address = await splitCollection(
      [
        { address: alice, shares: 50 },
        { address: bob, shares: 30 },
        { address: carol, shares: 20 },
      ],
      5,
    );
    const proceeds = price * 5n;
    const payouts = await getPayouts({ publicClient: testChain.chain.publicClient, address });
    expect(payouts).toEqual({
      payees: [
        { address: alice, shares: 50n, released: 0n, releasable: (proceeds * 50n) / 100n },
        { address: bob, shares: 30n, released: 0n, releasable: (proceeds * 30n) / 100n },
        { address: carol, shares: 20n, released: 0n, releasable: (proceeds * 20n) / 100n },
      ],
      totalReleased: 0n,
      balance: proceeds,
    });

    // Bob is paid by a stranger's transaction (he pays no gas); Alice pays herself.
    const bobBefore = await balanceOf(bob);
    const paidBob = await release({ ...wallet(5), address, payee: bob });
    expect(paidBob).toMatchObject({ to: bob, amount: (proceeds * 30n) / 100n });
    const events = parseEventLogs({ abi: layerloomCollectionAbi, logs: paidBob.receipt.logs });
    expect(events.map((log) => [log.eventName, log.args])).toEqual([
      ['PaymentReleased', { to: bob, amount: (proceeds * 30n) / 100n }],
    ]);
    expect(await balanceOf(bob)).toBe(bobBefore + (proceeds * 30n) / 100n);

    const aliceBefore = await balanceOf(alice);
    const paidAlice = await release({ ...wallet(1), address, payee: alice });
    const gas = paidAlice.receipt.gasUsed * paidAlice.receipt.effectiveGasPrice;
    expect(await balanceOf(alice)).toBe(aliceBefore + (proceeds * 50n) / 100n - gas);

    // Nothing more is owed to Bob until more is sold; then he is owed his share of the new sales only.
    await expectRevert(release({ ...wallet(2), address, payee: bob }), 'NothingToWithdraw');
    await mint({ ...wallet(6), address, quantity: 2 });
    const after = await getPayouts({ publicClient: testChain.chain.publicClient, address });
    expect(after.payees.map((payee) => [payee.released, payee.releasable])).toEqual([
      [(proceeds * 50n) / 100n, (price * 2n * 50n) / 100n],
      [(proceeds * 30n) / 100n, (price * 2n * 30n) / 100n],
      [0n, ((proceeds + price * 2n) * 20n) / 100n],
    ]);
    expect(after.totalReleased).toBe((proceeds * 80n) / 100n);
  });

  it('keeps paying the others when one payee refuses the Ether, and pays that one once it accepts', async () => {
    const refusing = await deployRefusingPayee();
    const [alice, bob] = [account(1), account(2)];
    const address = await splitCollection(
      [
        { address: refusing, shares: 1 },
        { address: alice, shares: 1 },
        { address: bob, shares: 2 },
      ],
      4,
    );
    const proceeds = price * 4n;
    const refused = await expectRevert(release({ ...wallet(0), address, payee: refusing }), 'ReleaseFailed');
    expect(refused.args).toEqual([getAddress(refusing)]);
    expect(refused.shortMessage).toMatch(/the other payees can still be paid/);

    const aliceBefore = await balanceOf(alice);
    const bobBefore = await balanceOf(bob);
    await release({ ...wallet(0), address, payee: alice });
    await release({ ...wallet(0), address, payee: bob });
    expect(await balanceOf(alice)).toBe(aliceBefore + proceeds / 4n);
    expect(await balanceOf(bob)).toBe(bobBefore + proceeds / 2n);

    await acceptEther(refusing);
    await release({ ...wallet(0), address, payee: refusing });
    expect(await balanceOf(refusing)).toBe(proceeds / 4n);
    expect(await balanceOf(address)).toBe(0n);
  });

  it('refuses withdraw, a payout address and a release to anyone not a payee', async () => {
    const address = await splitCollection([{ address: account(1), shares: 1 }], 1);
    const split = await expectRevert(withdraw({ ...wallet(0), address }), 'PaymentsAreSplit');
    expect(split.shortMessage).toMatch(/each payee is paid with release/);
    await expect(
      testChain.chain.publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setPayoutAddress',
        args: [account(4)],
        account: account(0),
      }),
    ).rejects.toThrow(/PaymentsAreSplit/);
    const notPayee = await expectRevert(release({ ...wallet(0), address, payee: account(4) }), 'NotPayee');
    expect(notPayee.args).toEqual([account(4)]);
  });
});

describe('without payees (one payee: the payout address or the owner)', () => {
  it('lists the owner as the one payee, owed the whole balance, and release pays it like withdraw', async () => {
    const address = await deployTestCollection(testChain.chain);
    await setPhase({ ...wallet(0), address, phase: 'public' });
    await mint({ ...wallet(7), address, quantity: 2 });
    const owner = account(0);
    expect(await getPayouts({ publicClient: testChain.chain.publicClient, address })).toEqual({
      payees: [{ address: owner, shares: 1n, released: 0n, releasable: price * 2n }],
      totalReleased: 0n,
      balance: price * 2n,
    });
    await expectRevert(release({ ...wallet(7), address, payee: owner }), 'NotOwnerOrPayout');
    await expectRevert(release({ ...wallet(0), address, payee: account(4) }), 'NotPayee');
    const paid = await release({ ...wallet(0), address, payee: owner });
    expect(paid).toMatchObject({ to: owner, amount: price * 2n });

    await mint({ ...wallet(8), address, quantity: 1 });
    expect(await withdraw({ ...wallet(0), address })).toMatchObject({ to: owner, amount: price });
    const after = await getPayouts({ publicClient: testChain.chain.publicClient, address });
    expect(after.payees).toEqual([{ address: owner, shares: 1n, released: price * 3n, releasable: 0n }]);
  });

  it('lists the payout address instead when one is set', async () => {
    const payout = account(3);
    const address = await deployTestCollection(testChain.chain, { payoutAddress: payout });
    const { payees } = await getPayouts({ publicClient: testChain.chain.publicClient, address });
    expect(payees).toEqual([{ address: payout, shares: 1n, released: 0n, releasable: 0n }]);
  });
});

describe('payees at deploy', () => {
  const eleven = Array.from({ length: 11 }, (_, index) => ({
    address: `0x${(index + 1).toString(16).padStart(40, '0')}` as Address,
    shares: 1,
  }));

  it.each([
    ['payees', { payees: eleven }],
    [
      'payees[1].address',
      {
        payees: [
          { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address, shares: 1 },
          { address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as Address, shares: 1 },
        ],
      },
    ],
    [
      'payees[0].address',
      { payees: [{ address: '0x0000000000000000000000000000000000000000' as Address, shares: 1 }] },
    ],
    [
      'payees[0].shares',
      { payees: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address, shares: 0 }] },
    ],
    [
      'payees[0].shares',
      { payees: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address, shares: 2 ** 32 }] },
    ],
    [
      'payoutAddress',
      {
        payees: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address, shares: 1 }],
        payoutAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address,
      },
    ],
  ])('are refused before sending, naming %s', async (field, override) => {
    const error = await deployCollection({
      ...wallet(0),
      collection: { ...defaultSettings, ...override },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidCollectionConfigError);
    expect((error as InvalidCollectionConfigError).field).toBe(field);
  });

  it('are checked by the contract itself too', async () => {
    const config = {
      ...defaultSettings,
      maxSupply: 20n,
      publicPrice: defaultSettings.mintPrice,
      maxPerWallet: 3,
      allowlistPrice: 0n,
      allowlistMaxPerWallet: 0,
      merkleRoot: `0x${'00'.repeat(32)}` as const,
      owner: account(0),
      payoutAddress: '0x0000000000000000000000000000000000000000' as Address,
      royaltyReceiver: account(0),
      royaltyBps: 500n,
      payees: [account(1), account(2)],
      shares: [1n, 1n],
    };
    const attempt = (overrides: Partial<typeof config>) =>
      deploymentRevert(
        testChain.chain,
        account(0),
        encodeDeployData({
          abi: layerloomCollectionAbi,
          bytecode: layerloomCollectionBytecode,
          args: [{ ...config, ...overrides }],
        }),
      );
    expect(await attempt({ payees: [account(1), account(1)] })).toEqual({
      errorName: 'InvalidPayee',
      args: [account(1)],
    });
    expect(await attempt({ shares: [1n, 0n] })).toEqual({
      errorName: 'InvalidShares',
      args: [account(2), 0n],
    });
    expect(await attempt({ shares: [1n] })).toEqual({ errorName: 'ArrayLengthMismatch', args: undefined });
    expect(
      await attempt({ payees: eleven.map((payee) => payee.address), shares: eleven.map(() => 1n) }),
    ).toEqual({ errorName: 'TooManyPayees', args: [11n, 10n] });
    expect(await attempt({ payoutAddress: account(3) })).toEqual({
      errorName: 'PaymentsAreSplit',
      args: undefined,
    });
  });
});

describe('royalty splitter', () => {
  it('receives royalties paid with the 2,300-gas stipend, and splits them like the collection', async () => {
    const [alice, bob] = [account(1), account(2)];
    const splitter = await deployPaymentSplitter({
      ...wallet(0),
      payees: [
        { address: alice, shares: 3 },
        { address: bob, shares: 1 },
      ],
    });
    const collection = await deployTestCollection(testChain.chain, {
      royalty: { bps: 750, receiver: splitter.address },
    });
    const [receiver, royalty] = await testChain.chain.publicClient.readContract({
      address: collection,
      abi: layerloomCollectionAbi,
      functionName: 'royaltyInfo',
      args: [1n, parseEther('2')],
    });
    expect([receiver, royalty]).toEqual([splitter.address, parseEther('0.15')]);

    // A marketplace pays the royalty. 23,300 gas: the 21,000 of a transfer plus Solidity's transfer stipend.
    const marketplace = testChain.chain.wallets[9]!;
    const hash = await marketplace.sendTransaction({
      to: splitter.address,
      value: royalty,
      gas: 23_300n,
      account: account(9),
      chain: marketplace.chain,
    });
    const receipt = await testChain.chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const received = parseEventLogs({ abi: layerloomPaymentSplitterAbi, logs: receipt.logs });
    expect(received.map((log) => [log.eventName, log.args])).toEqual([
      ['PaymentReceived', { from: account(9), amount: royalty }],
    ]);

    const payouts = await getPayouts({
      publicClient: testChain.chain.publicClient,
      address: splitter.address,
    });
    expect(payouts.payees).toEqual([
      { address: alice, shares: 3n, released: 0n, releasable: (royalty * 3n) / 4n },
      { address: bob, shares: 1n, released: 0n, releasable: royalty / 4n },
    ]);
    const bobBefore = await balanceOf(bob);
    expect(await release({ ...wallet(5), address: splitter.address, payee: bob })).toMatchObject({
      to: bob,
      amount: royalty / 4n,
    });
    expect(await balanceOf(bob)).toBe(bobBefore + royalty / 4n);
    await expectRevert(release({ ...wallet(5), address: splitter.address, payee: bob }), 'NothingToWithdraw');
    await expectRevert(release({ ...wallet(5), address: splitter.address, payee: account(4) }), 'NotPayee');
  });

  it('pays the other payees when one refuses the Ether', async () => {
    const refusing = await deployRefusingPayee();
    const alice = account(1);
    const splitter = await deployPaymentSplitter({
      ...wallet(0),
      payees: [
        { address: refusing, shares: 1 },
        { address: alice, shares: 1 },
      ],
    });
    const hash = await testChain.chain.wallets[9]!.sendTransaction({
      to: splitter.address,
      value: parseEther('1'),
      account: account(9),
      chain: testChain.chain.wallets[9]!.chain,
    });
    await testChain.chain.publicClient.waitForTransactionReceipt({ hash });
    await expectRevert(
      release({ ...wallet(0), address: splitter.address, payee: refusing }),
      'ReleaseFailed',
    );
    const aliceBefore = await balanceOf(alice);
    await release({ ...wallet(0), address: splitter.address, payee: alice });
    expect(await balanceOf(alice)).toBe(aliceBefore + parseEther('0.5'));
    expect(await balanceOf(splitter.address)).toBe(parseEther('0.5'));
  });

  it('splits royalties paid in an ERC-20 (WETH) apart from Ether, payee by payee', async () => {
    const [alice, bob] = [account(1), account(2)];
    const splitter = await deployPaymentSplitter({
      ...wallet(0),
      payees: [
        { address: alice, shares: 3 },
        { address: bob, shares: 1 },
      ],
    });
    const deployer = testChain.chain.wallets[0]!;
    const deployed = await testChain.chain.publicClient.waitForTransactionReceipt({
      hash: await deployer.deployContract({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        account: account(0),
        chain: deployer.chain,
      }),
    });
    const token = getAddress(deployed.contractAddress!);
    // The marketplace pays 4 WTEST of royalties to the splitter.
    await testChain.chain.publicClient.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: token,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [splitter.address, parseEther('4')],
        account: account(0),
        chain: deployer.chain,
      }),
    });
    const balanceOfToken = (owner: Address) =>
      testChain.chain.publicClient.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [owner],
      });

    const read = { publicClient: testChain.chain.publicClient, address: splitter.address };
    expect(await getPayouts({ ...read, token })).toEqual({
      payees: [
        { address: alice, shares: 3n, released: 0n, releasable: parseEther('3') },
        { address: bob, shares: 1n, released: 0n, releasable: parseEther('1') },
      ],
      totalReleased: 0n,
      balance: parseEther('4'),
    });
    // Ether is accounted apart: none arrived.
    expect((await getPayouts(read)).payees.map((payee) => payee.releasable)).toEqual([0n, 0n]);

    const paid = await release({ ...wallet(5), address: splitter.address, payee: bob, token });
    expect(paid).toMatchObject({ to: bob, amount: parseEther('1') });
    expect(
      parseEventLogs({
        abi: layerloomPaymentSplitterAbi,
        logs: paid.receipt.logs,
        eventName: 'ERC20PaymentReleased',
      }).map((log) => log.args),
    ).toEqual([{ token, to: bob, amount: parseEther('1') }]);
    expect(await balanceOfToken(bob)).toBe(parseEther('1'));
    await expectRevert(
      release({ ...wallet(5), address: splitter.address, payee: bob, token }),
      'NothingToWithdraw',
    );
    await expectRevert(
      release({ ...wallet(5), address: splitter.address, payee: account(4), token }),
      'NotPayee',
    );
    // Ether owes nothing yet, so an Ether release for Alice is refused while her tokens wait for her.
    await expectRevert(
      release({ ...wallet(5), address: splitter.address, payee: alice }),
      'NothingToWithdraw',
    );
    await release({ ...wallet(1), address: splitter.address, payee: alice, token });
    expect(await balanceOfToken(alice)).toBe(parseEther('3'));
    expect((await getPayouts({ ...read, token })).totalReleased).toBe(parseEther('4'));
  });

  it('needs at least one payee, checked before sending and by the contract', async () => {
    const error = await deployPaymentSplitter({ ...wallet(0), payees: [] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(InvalidPayeesError);
    expect((error as InvalidPayeesError).field).toBe('payees');
    const duplicate = await deployPaymentSplitter({
      ...wallet(0),
      payees: [
        { address: account(1), shares: 1 },
        { address: account(1), shares: 2 },
      ],
    }).catch((caught: unknown) => caught);
    expect((duplicate as InvalidPayeesError).field).toBe('payees[1].address');
    expect(
      await deploymentRevert(
        testChain.chain,
        account(0),
        encodeDeployData({
          abi: layerloomPaymentSplitterAbi,
          bytecode: layerloomPaymentSplitterBytecode,
          args: [[], []],
        }),
        layerloomPaymentSplitterAbi,
      ),
    ).toEqual({ errorName: 'NoPayees', args: undefined });
  });
});

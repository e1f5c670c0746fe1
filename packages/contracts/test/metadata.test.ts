import { type Address, maxUint256, parseEventLogs, type TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  airdrop,
  emitMetadataUpdate,
  emitPermanentURI,
  freezeMetadata,
  getCollectionState,
  layerloomCollectionAbi,
  mint,
  reveal,
  setBaseURI,
  setContractURI,
  setPhase,
} from '../src/index.ts';
import { defaultSettings, deployTestCollection } from './support/collection.ts';
import { expectRevert, withTestChain } from './support/harness.ts';

const testChain = withTestChain();

function wallet(index: number) {
  const { chain } = testChain;
  const walletClient = chain.wallets[index];
  if (!walletClient) throw new Error(`no anvil wallet ${index}`);
  return { walletClient, publicClient: chain.publicClient };
}

function read(address: Address, functionName: 'tokenURI' | 'contractURI' | 'baseURI', args?: [bigint]) {
  return testChain.chain.publicClient.readContract({
    address,
    abi: layerloomCollectionAbi,
    functionName,
    args,
  } as never) as Promise<string>;
}

/** The collection's events in a receipt, decoded, as `[name, args]`. */
function eventsOf(receipt: TransactionReceipt, address: Address) {
  return parseEventLogs({ abi: layerloomCollectionAbi, logs: receipt.logs })
    .filter((log) => log.address.toLowerCase() === address.toLowerCase())
    .map((log) => [log.eventName, log.args ?? {}] as const);
}

/** A collection with tokens 1-3 minted to the second wallet, revealed under `ipfs://bafyv1/`. */
async function revealedCollection(): Promise<Address> {
  const address = await deployTestCollection(testChain.chain);
  const [, alice] = testChain.chain.accounts;
  await airdrop({ ...wallet(0), address, recipients: [{ to: alice!, quantity: 3 }] });
  await reveal({ ...wallet(0), address, baseURI: 'ipfs://bafyv1/' });
  return address;
}

describe('collection metadata (ERC-7572)', () => {
  it('is set at deploy, and the owner changes it with ContractURIUpdated', async () => {
    const address = await deployTestCollection(testChain.chain);
    expect(await read(address, 'contractURI')).toBe(defaultSettings.contractURI);
    const { receipt } = await setContractURI({
      ...wallet(0),
      address,
      contractURI: 'https://layerloom.example/c/loom-cats/collection.json',
    });
    expect(eventsOf(receipt, address)).toEqual([['ContractURIUpdated', {}]]);
    expect(await read(address, 'contractURI')).toBe('https://layerloom.example/c/loom-cats/collection.json');
    await expectRevert(
      setContractURI({ ...wallet(1), address, contractURI: 'ipfs://bafyother/collection.json' }),
      'OwnableUnauthorizedAccount',
    );
  });
});

describe('metadata updates (ERC-4906)', () => {
  it('announces a new base URI for every token once revealed, and not before', async () => {
    const address = await deployTestCollection(testChain.chain);
    const before = await setBaseURI({ ...wallet(0), address, baseURI: 'ipfs://bafyearly/' });
    expect(eventsOf(before.receipt, address)).toEqual([['BaseURIChanged', { baseURI: 'ipfs://bafyearly/' }]]);

    await reveal({ ...wallet(0), address, baseURI: 'ipfs://bafyv1/' });
    const { receipt } = await setBaseURI({ ...wallet(0), address, baseURI: 'ipfs://bafyv2/' });
    expect(eventsOf(receipt, address)).toEqual([
      ['BaseURIChanged', { baseURI: 'ipfs://bafyv2/' }],
      ['BatchMetadataUpdate', { fromTokenId: 1n, toTokenId: maxUint256 }],
    ]);
  });

  it('announces an edit of a range of tokens, or of one token, at the same URIs', async () => {
    const address = await revealedCollection();
    const range = await emitMetadataUpdate({ ...wallet(0), address, fromTokenId: 2n, toTokenId: 3n });
    expect(eventsOf(range.receipt, address)).toEqual([
      ['BatchMetadataUpdate', { fromTokenId: 2n, toTokenId: 3n }],
    ]);
    const one = await emitMetadataUpdate({ ...wallet(0), address, fromTokenId: 2n, toTokenId: 2n });
    expect(eventsOf(one.receipt, address)).toEqual([
      ['BatchMetadataUpdate', { fromTokenId: 2n, toTokenId: 2n }],
    ]);
    const all = await emitMetadataUpdate({ ...wallet(0), address, fromTokenId: 1n });
    expect(eventsOf(all.receipt, address)).toEqual([
      ['BatchMetadataUpdate', { fromTokenId: 1n, toTokenId: maxUint256 }],
    ]);
    expect(await read(address, 'tokenURI', [2n])).toBe('ipfs://bafyv1/2.json');
  });

  it('refuses a range that starts at 0 or ends before it starts, and anyone but the owner', async () => {
    const address = await revealedCollection();
    const backwards = await expectRevert(
      emitMetadataUpdate({ ...wallet(0), address, fromTokenId: 3n, toTokenId: 2n }),
      'InvalidTokenRange',
    );
    expect(backwards.args).toEqual([3n, 2n]);
    expect(backwards.message).toMatch(/token range is not valid/);
    await expectRevert(
      emitMetadataUpdate({ ...wallet(0), address, fromTokenId: 0n, toTokenId: 2n }),
      'InvalidTokenRange',
    );
    await expectRevert(
      emitMetadataUpdate({ ...wallet(1), address, fromTokenId: 1n }),
      'OwnableUnauthorizedAccount',
    );
  });
});

describe('freeze', () => {
  it('is refused before the reveal, which it would make impossible', async () => {
    const address = await deployTestCollection(testChain.chain);
    const error = await expectRevert(freezeMetadata({ ...wallet(0), address }), 'NotRevealed');
    expect(error.shortMessage).toBe('Reveal the collection before freezing its metadata.');
    expect(
      (await getCollectionState({ publicClient: testChain.chain.publicClient, address })).metadataFrozen,
    ).toBe(false);
  });

  it('is the owner’s alone', async () => {
    const address = await revealedCollection();
    await expectRevert(freezeMetadata({ ...wallet(1), address }), 'OwnableUnauthorizedAccount');
  });

  it('emits MetadataFrozen with a last ERC-4906 update, and is one way: every URI change is refused after it', async () => {
    const address = await revealedCollection();
    const { receipt } = await freezeMetadata({ ...wallet(0), address });
    expect(eventsOf(receipt, address)).toEqual([
      ['MetadataFrozen', {}],
      ['BatchMetadataUpdate', { fromTokenId: 1n, toTokenId: maxUint256 }],
    ]);
    const state = await getCollectionState({ publicClient: testChain.chain.publicClient, address });
    expect(state).toMatchObject({ metadataFrozen: true, revealed: true, baseURI: 'ipfs://bafyv1/' });

    const frozen = 'MetadataIsFrozen';
    const error = await expectRevert(
      setBaseURI({ ...wallet(0), address, baseURI: 'ipfs://bafyv2/' }),
      frozen,
    );
    expect(error.shortMessage).toBe('The metadata is frozen: its URIs can never change again.');
    await expectRevert(
      setContractURI({ ...wallet(0), address, contractURI: 'ipfs://bafyc2/c.json' }),
      frozen,
    );
    await expectRevert(emitMetadataUpdate({ ...wallet(0), address, fromTokenId: 1n }), frozen);
    await expectRevert(freezeMetadata({ ...wallet(0), address }), frozen);
    await expect(
      testChain.chain.publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setPreRevealURI',
        args: ['ipfs://bafyhidden2/hidden.json'],
        account: testChain.chain.accounts[0]!,
      }),
    ).rejects.toThrow(/MetadataIsFrozen/);
    // There is no function that unfreezes: the ABI has none, and the state stays as it was.
    const writes = layerloomCollectionAbi
      .filter((item) => item.type === 'function' && item.stateMutability === 'nonpayable')
      .map((item) => ('name' in item ? item.name : ''));
    expect(writes.filter((name) => /freeze/i.test(name))).toEqual(['freezeMetadata']);
    expect(await read(address, 'baseURI')).toBe('ipfs://bafyv1/');
    expect(await read(address, 'contractURI')).toBe(defaultSettings.contractURI);
  });

  it('leaves the sale running: a token minted after the freeze resolves under the frozen base URI', async () => {
    const address = await revealedCollection();
    await freezeMetadata({ ...wallet(0), address });
    await setPhase({ ...wallet(0), address, phase: 'public' });
    const { tokenIds } = await mint({ ...wallet(2), address, quantity: 1 });
    expect(tokenIds).toEqual([4n]);
    expect(await read(address, 'tokenURI', [4n])).toBe('ipfs://bafyv1/4.json');
  });

  it('emits OpenSea’s PermanentURI for each minted token of a range, only once frozen', async () => {
    const address = await revealedCollection();
    await expectRevert(
      emitPermanentURI({ ...wallet(0), address, fromTokenId: 1n, toTokenId: 3n }),
      'MetadataNotFrozen',
    );
    await freezeMetadata({ ...wallet(0), address });
    const { receipt } = await emitPermanentURI({ ...wallet(0), address, fromTokenId: 2n, toTokenId: 3n });
    expect(eventsOf(receipt, address)).toEqual([
      ['PermanentURI', { _value: 'ipfs://bafyv1/2.json', _id: 2n }],
      ['PermanentURI', { _value: 'ipfs://bafyv1/3.json', _id: 3n }],
    ]);
    // Token 4 does not exist yet: it is announced once minted.
    const beyond = await expectRevert(
      emitPermanentURI({ ...wallet(0), address, fromTokenId: 3n, toTokenId: 4n }),
      'InvalidTokenRange',
    );
    expect(beyond.args).toEqual([3n, 4n]);
    await expectRevert(
      emitPermanentURI({ ...wallet(1), address, fromTokenId: 1n, toTokenId: 1n }),
      'OwnableUnauthorizedAccount',
    );
  });
});

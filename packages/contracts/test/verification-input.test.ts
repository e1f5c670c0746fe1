import { type Hex, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  deployCollection,
  deployPaymentSplitter,
  layerloomCollectionBytecode,
  layerloomCollectionVerificationInput,
  layerloomPaymentSplitterBytecode,
  layerloomPaymentSplitterVerificationInput,
} from '../src/index.ts';
import { checkSource } from '../src/testing/index.ts';
import { defaultSettings } from './support/collection.ts';
import { withTestChain } from './support/harness.ts';

const testChain = withTestChain();

/** The deployed code and the deploy transaction's input of a contract deployed by `hash`. */
async function onChain(hash: Hex) {
  const { publicClient } = testChain.chain;
  const [receipt, transaction] = await Promise.all([
    publicClient.getTransactionReceipt({ hash }),
    publicClient.getTransaction({ hash }),
  ]);
  const address = receipt.contractAddress;
  if (!address) throw new Error('no contract created');
  const deployedCode = await publicClient.getCode({ address });
  if (!deployedCode) throw new Error('no code at the address');
  return { deployedCode, creationInput: transaction.input };
}

describe('the standard JSON input explorers verify', () => {
  it('holds every source the collection reads, with the settings and full compiler build it was compiled with', () => {
    const { standardJsonInput, compilerVersion, contractIdentifier } = layerloomCollectionVerificationInput;
    expect(contractIdentifier).toBe('contracts/LayerloomCollection.sol:LayerloomCollection');
    expect(compilerVersion).toMatch(/^0\.8\.37\+commit\.[0-9a-f]{8}$/);
    expect(Object.keys(standardJsonInput.sources)).toEqual(
      expect.arrayContaining([
        'contracts/LayerloomCollection.sol',
        'contracts/PaymentSplit.sol',
        'erc721a/contracts/ERC721A.sol',
      ]),
    );
    expect(standardJsonInput.settings).toMatchObject({
      optimizer: { enabled: true, runs: 10_000 },
      evmVersion: 'cancun',
    });
  });

  it("recompiles to a deployed collection's runtime code, metadata hash included, and its creation code", async () => {
    const { hash } = await deployCollection({
      walletClient: testChain.chain.wallets[0]!,
      publicClient: testChain.chain.publicClient,
      collection: {
        ...defaultSettings,
        maxSupply: 777,
        mintPrice: parseEther('0.02'),
        payees: [
          { address: testChain.chain.accounts[1]!, shares: 60 },
          { address: testChain.chain.accounts[2]!, shares: 40 },
        ],
      },
    });
    const { deployedCode, creationInput } = await onChain(hash);
    const verification = layerloomCollectionVerificationInput;
    const constructorArguments = creationInput.slice(layerloomCollectionBytecode.length);
    expect(await checkSource({ ...verification, deployedCode, creationInput, constructorArguments })).toEqual(
      { match: true },
    );

    // A changed source (one comment) changes the metadata hash, and the explorer refuses it.
    const tampered = structuredClone(verification.standardJsonInput);
    const path = 'contracts/LayerloomCollection.sol';
    tampered.sources[path] = { content: `${tampered.sources[path]!.content}\n// edited\n` };
    expect(await checkSource({ ...verification, standardJsonInput: tampered, deployedCode })).toEqual({
      match: false,
      reason: 'The compiled runtime bytecode does not match the code on chain.',
    });
    // Wrong constructor arguments are refused too.
    expect(
      await checkSource({
        ...verification,
        deployedCode,
        creationInput,
        constructorArguments: `${constructorArguments.slice(0, -2)}ff`,
      }),
    ).toMatchObject({
      match: false,
      reason: 'The constructor arguments do not match the deploy transaction.',
    });
  }, 120_000);

  it("recompiles to a royalty splitter's deployed code", async () => {
    const splitter = await deployPaymentSplitter({
      walletClient: testChain.chain.wallets[0]!,
      publicClient: testChain.chain.publicClient,
      payees: [
        { address: testChain.chain.accounts[1]!, shares: 1 },
        { address: testChain.chain.accounts[2]!, shares: 3 },
      ],
    });
    const { deployedCode, creationInput } = await onChain(splitter.hash);
    expect(
      await checkSource({
        ...layerloomPaymentSplitterVerificationInput,
        deployedCode,
        creationInput,
        constructorArguments: creationInput.slice(layerloomPaymentSplitterBytecode.length),
      }),
    ).toEqual({ match: true });
  }, 120_000);
});

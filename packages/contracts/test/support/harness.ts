import { type Address, BaseError, decodeErrorResult, type Hex } from 'viem';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { CollectionRevertedError, layerloomCollectionAbi } from '../../src/index.ts';
import { type Anvil, startAnvil } from '../../src/testing/index.ts';
import { connectTestChain, type TestChain } from './clients.ts';

/**
 * Starts anvil for a test file and gives every test a fresh chain state (a snapshot taken before each test
 * and reverted to before the next), so tests do not see each other's mints or balances.
 */
export function withTestChain(): { readonly chain: TestChain } {
  let anvil: Anvil | undefined;
  let chain: TestChain | undefined;
  let snapshot: Hex | undefined;
  beforeAll(async () => {
    anvil = await startAnvil();
    chain = await connectTestChain(anvil.rpcUrl);
  });
  afterAll(async () => {
    await anvil?.stop();
  });
  beforeEach(async () => {
    if (!chain) throw new Error('anvil did not start');
    if (snapshot) await chain.testClient.revert({ id: snapshot });
    snapshot = await chain.testClient.snapshot();
  });
  return {
    get chain() {
      if (!chain) throw new Error('anvil did not start');
      return chain;
    },
  };
}

/** Expects a library call to fail with the contract's custom error `reason`, and returns the typed error. */
export async function expectRevert(
  promise: Promise<unknown>,
  reason: string,
): Promise<CollectionRevertedError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a revert with ${reason}`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CollectionRevertedError);
  expect((error as CollectionRevertedError).reason).toBe(reason);
  return error as CollectionRevertedError;
}

/**
 * The custom error a deployment reverts with, decoded with `abi` (the library refuses bad settings before
 * sending, so the contract's own checks are reached by running the constructor as a call).
 */
export async function deploymentRevert(
  chain: TestChain,
  from: Address,
  data: Hex,
  abi: readonly unknown[] = layerloomCollectionAbi,
): Promise<{ errorName: string; args: readonly unknown[] | undefined }> {
  const error = await chain.publicClient.call({ account: from, data }).then(
    () => {
      throw new Error('expected the deployment to revert');
    },
    (caught: unknown) => caught,
  );
  // Anvil answers a reverting call with JSON-RPC error 3 and the revert data beside it.
  const withData =
    error instanceof BaseError
      ? error.walk((cause) => typeof (cause as { data?: unknown }).data === 'string')
      : null;
  const revertData = (withData as { data?: unknown } | null)?.data;
  if (typeof revertData !== 'string' || !revertData.startsWith('0x')) throw error;
  const decoded = decodeErrorResult({ abi: abi as typeof layerloomCollectionAbi, data: revertData as Hex });
  return { errorName: decoded.errorName, args: decoded.args };
}

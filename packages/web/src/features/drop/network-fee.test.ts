import { layerloomCollectionAbi } from '@layerloom/contracts';
import {
  type Address,
  BaseError,
  encodeErrorResult,
  type Hex,
  InsufficientFundsError,
  RpcRequestError,
} from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { mintCall } from '../mint/mint-fee.ts';
import { estimateCallsFee, feeFailureMessage, networkFeeLine } from './network-fee.ts';

const ACCOUNT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const COLLECTION: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** An error as viem throws it from estimateGas when the call reverts with this revert data. */
const reverted = (data: Hex) =>
  new BaseError('Execution reverted.', {
    cause: new RpcRequestError({
      body: {},
      url: 'http://wallet',
      error: { code: 3, message: 'execution reverted', data },
    }),
  });

describe('the network fee before a wallet prompt', () => {
  it("prices calls as the deploy's estimate does: their gas summed, times the network's gas price", async () => {
    const estimateGas = vi.fn(async ({ data }: { data?: Hex }) => (data === '0x01' ? 50_000n : 70_000n));
    const getGasPrice = vi.fn(async () => 10_000_000_000n);
    const fee = await estimateCallsFee({
      publicClient: { estimateGas, getGasPrice } as never,
      account: ACCOUNT,
      calls: [
        { to: COLLECTION, data: '0x01' },
        { to: COLLECTION, data: '0x02' },
      ],
    });
    expect(fee).toBe(120_000n * 10_000_000_000n);
    expect(estimateGas).toHaveBeenCalledWith({ account: ACCOUNT, to: COLLECTION, data: '0x01' });
    expect(networkFeeLine(fee, 'ETH')).toBe('Network fee: about 0.0012 ETH');
    expect(networkFeeLine(1n, 'POL')).toBe('Network fee: less than 0.0001 POL');
  });

  it("sends a mint's price with it, so that a mint is priced as the wallet will send it", async () => {
    const estimateGas = vi.fn(async () => 90_000n);
    const call = mintCall({ address: COLLECTION, quantity: 2, value: 20_000_000_000_000_000n });
    await estimateCallsFee({
      publicClient: { estimateGas, getGasPrice: async () => 1n } as never,
      account: ACCOUNT,
      calls: [call],
    });
    expect(estimateGas).toHaveBeenCalledWith({
      account: ACCOUNT,
      to: COLLECTION,
      data: call.data,
      value: 20_000_000_000_000_000n,
    });
  });

  it("says in plain words why it cannot be estimated: the contract's refusal, a wallet that cannot pay, or no answer", () => {
    // SalePhaseNotActive(required, current), phases 0 closed, 1 allowlist, 2 public.
    const closed = encodeErrorResult({
      abi: layerloomCollectionAbi,
      errorName: 'SalePhaseNotActive',
      args: [2, 0],
    });
    expect(feeFailureMessage(reverted(closed), 'ETH')).toBe(
      'The network fee cannot be estimated: the transaction would fail. The sale is closed.',
    );
    const otherPhase = encodeErrorResult({
      abi: layerloomCollectionAbi,
      errorName: 'SalePhaseNotActive',
      args: [2, 1],
    });
    expect(feeFailureMessage(reverted(otherPhase), 'ETH')).toBe(
      'The network fee cannot be estimated: the transaction would fail. This sale phase is not open.',
    );
    const nothing = encodeErrorResult({ abi: layerloomCollectionAbi, errorName: 'NothingToWithdraw' });
    expect(feeFailureMessage(reverted(nothing), 'ETH')).toBe(
      'The network fee cannot be estimated: the transaction would fail. There are no funds to withdraw.',
    );
    expect(feeFailureMessage(new BaseError('Gas', { cause: new InsufficientFundsError() }), 'POL')).toBe(
      'The network fee cannot be estimated: this wallet does not have enough POL to pay for it.',
    );
    expect(feeFailureMessage(new Error('fetch failed'), 'ETH')).toBe(
      'The network fee could not be estimated right now. Your wallet shows it before you confirm.',
    );
  });
});

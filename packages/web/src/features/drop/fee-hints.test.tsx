import type { GetCollectionStateReturnType } from '@layerloom/contracts';
import { layerloomCollectionAbi } from '@layerloom/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { decodeFunctionData, encodeErrorResult, type Hex, parseEther } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import type { DropContext } from './drop-context.ts';
import { PhaseCard } from './phase-card.tsx';
import { PriceCard } from './price-card.tsx';

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function contextWith(
  estimateFee: DropContext['estimateFee'],
  state: Partial<GetCollectionStateReturnType> = {},
) {
  const context: DropContext = {
    chainId: 31337,
    currency: 'ETH',
    state: {
      owner: OWNER,
      phase: 'closed',
      mintPrice: parseEther('0.01'),
      maxPerWallet: 5,
      totalSupply: 0n,
      maxSupply: 100n,
      balance: 0n,
      payoutAddress: null,
      allowlist: { merkleRoot: null, price: 0n, maxPerWallet: 0 },
      schedule: { allowlistStart: null, publicStart: null },
      royalty: { receiver: OWNER, bps: 0 },
      ...state,
    } as GetCollectionStateReturnType,
    canManage: true,
    canWithdraw: true,
    actions: { steps: {}, running: null, isRunning: false, run: vi.fn(async () => true) },
    estimateFee,
  };
  return context;
}

const show = (card: React.ReactNode) => render(<Providers client={createQueryClient()}>{card}</Providers>);

const decoded = (data: Hex) => decodeFunctionData({ abi: layerloomCollectionAbi, data });

describe("the drop's network fees before each wallet prompt", () => {
  it('prices the public sale save as typed, summing a new price and a new limit, and follows the inputs', async () => {
    // 0.0006 ETH per call.
    const estimateFee = vi.fn(async (_data: Hex) => 600_000_000_000_000n);
    show(<PriceCard context={contextWith(estimateFee)} />);
    // Nothing changed yet: nothing to send, no fee.
    expect(
      await screen.findByRole('button', { name: 'Save price and limit' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Network fee/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Public price'), { target: { value: '0.02' } });
    expect(await screen.findByText('Network fee: about 0.0006 ETH')).toBeTruthy();
    expect(decoded(estimateFee.mock.calls.at(-1)?.[0] as Hex)).toEqual({
      functionName: 'setMintPrice',
      args: [parseEther('0.02')],
    });

    fireEvent.change(screen.getByLabelText('Public limit per wallet'), { target: { value: '3' } });
    expect(await screen.findByText('Network fee: about 0.0012 ETH')).toBeTruthy();
  });

  it('says why the fee cannot be estimated when the contract would refuse the call', async () => {
    const nothing = encodeErrorResult({ abi: layerloomCollectionAbi, errorName: 'NothingToWithdraw' });
    const estimateFee = vi.fn(async () => {
      throw Object.assign(new Error('Execution reverted'), { cause: { data: nothing } });
    });
    show(<PriceCard context={contextWith(estimateFee)} />);
    fireEvent.change(await screen.findByLabelText('Public price', {}, { timeout: 20_000 }), {
      target: { value: '0.02' },
    });
    expect(
      await screen.findByText(
        'The network fee cannot be estimated: the transaction would fail. There are no funds to withdraw.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeTruthy();
  });

  it('prices opening the next sale', async () => {
    const estimateFee = vi.fn(async (_data: Hex) => 500_000_000_000_000n);
    show(<PhaseCard context={contextWith(estimateFee)} />);
    expect(await screen.findByText('Network fee: about 0.0005 ETH', {}, { timeout: 20_000 })).toBeTruthy();
    await waitFor(() => expect(estimateFee).toHaveBeenCalled());
    expect(decoded(estimateFee.mock.calls[0]?.[0] as Hex).functionName).toBe('setSalePhase');
  });
});

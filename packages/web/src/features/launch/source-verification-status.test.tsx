import type { Deployment, SourceVerification } from '@layerloom/api';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { DeploymentsList } from './deployments-list.tsx';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SPLITTER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

afterEach(() => {
  vi.unstubAllGlobals();
});

const verification = (extra: Partial<SourceVerification>): SourceVerification => ({
  status: 'pending',
  explorer: 'Etherscan',
  codeUrl: null,
  message: null,
  attempts: 0,
  canRetry: false,
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});

const deployment = (sourceVerification: SourceVerification | null): Deployment => ({
  id: 'd1',
  collectionId: 'c1',
  chainId: 1,
  chainName: 'Ethereum',
  address: ADDRESS,
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  transactionHash: `0x${'ab'.repeat(32)}`,
  blockNumber: '12',
  name: 'Loom Cats',
  symbol: 'LOOM',
  maxSupply: 100,
  payees: [],
  status: 'verified',
  statusReason: null,
  explorerUrl: `https://etherscan.io/address/${ADDRESS}`,
  sourceVerification,
  createdAt: '2026-11-27T10:00:00.000Z',
});

/** Renders the list with the server answering `answers` in turn for GETs, and `retry` for the POST. */
function show(answers: Deployment[], retry?: Response) {
  let reads = 0;
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST')
      return retry ?? Response.json({ status: 'success', data: { deployment: answers[0] } });
    const answer = answers[Math.min(reads++, answers.length - 1)];
    return Response.json({ status: 'success', data: { deployments: [answer] } });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <Providers client={createQueryClient()}>
      <DeploymentsList collectionId="c1" />
    </Providers>,
  );
  return fetchMock;
}

describe("a deployed contract's source verification", () => {
  it('says the source is verified on the explorer and links to the code', async () => {
    show([
      deployment(
        verification({
          status: 'verified',
          codeUrl: `https://etherscan.io/address/${ADDRESS}#code`,
          attempts: 2,
        }),
      ),
    ]);
    expect(await screen.findByText(/Source verified on Etherscan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the code' }).getAttribute('href')).toBe(
      `https://etherscan.io/address/${ADDRESS}#code`,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("shows that it is verifying, with the explorer's last answer while it lags", async () => {
    const message = `Etherscan could not take it yet (“Unable to locate ContractCode at ${ADDRESS}”); asking again shortly.`;
    show([deployment(verification({ attempts: 2, message }))]);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(`Verifying the source code on Etherscan… ${message}`);
  });

  it("shows the explorer's refusal and retries on request", async () => {
    const failed = verification({
      status: 'failed',
      attempts: 1,
      canRetry: true,
      message: 'Etherscan refused the source: Invalid API Key (#err2)|1',
    });
    const fetchMock = show([deployment(failed), deployment(verification({ attempts: 0 }))]);
    expect(
      await screen.findByText(
        'The source code is not verified on Etherscan. Etherscan refused the source: Invalid API Key (#err2)|1',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Verifying the source code on Etherscan…'),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/collections/c1/deployments/d1/source-verification');
  });

  it('shows why a retry was refused', async () => {
    show(
      [deployment(verification({ status: 'failed', attempts: 10, canRetry: true, message: 'No answer.' }))],
      Response.json(
        {
          status: 'error',
          error: { code: 'CONFLICT', message: 'The source is already verified on Etherscan.' },
        },
        { status: 409 },
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The source is already verified on Etherscan.',
    );
  });

  it('says plainly when the network has no explorer set up', async () => {
    show([
      deployment(
        verification({
          status: 'not_configured',
          explorer: null,
          message: "Source verification isn't set up for this network.",
        }),
      ),
    ]);
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText("Source verification isn't set up for this network.")).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
  });

  it("gives the royalty splitter's verification a line of its own, with its link and its own Retry", async () => {
    const withSplitter = (splitter: SourceVerification): Deployment => ({
      ...deployment(
        verification({ status: 'verified', codeUrl: `https://etherscan.io/address/${ADDRESS}#code` }),
      ),
      royaltySplitter: {
        address: SPLITTER,
        payees: [
          { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', shares: 6000 },
          { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', shares: 4000 },
        ],
      },
      royaltySplitterVerification: splitter,
    });
    const fetchMock = show([
      withSplitter(
        verification({
          status: 'failed',
          canRetry: true,
          attempts: 1,
          message: 'Etherscan refused the source: Invalid API Key (#err2)|1',
        }),
      ),
      withSplitter(verification({ attempts: 0 })),
      withSplitter(
        verification({ status: 'verified', codeUrl: `https://etherscan.io/address/${SPLITTER}#code` }),
      ),
    ]);
    expect(await screen.findByText(/^Source verified on Etherscan/)).toBeTruthy();
    expect(
      screen.getByText(
        "The royalty splitter's source code is not verified on Etherscan. Etherscan refused the source: Invalid API Key (#err2)|1",
      ),
    ).toBeTruthy();
    // The collection is verified: the only Retry is the splitter's.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry the royalty splitter' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "Verifying the royalty splitter's source code on Etherscan…",
      ),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(
      '/api/v1/collections/c1/deployments/d1/source-verification?contract=royaltySplitter',
    );
  });

  it('shows nothing about the source for a contract not confirmed on chain', async () => {
    show([{ ...deployment(null), status: 'unverified', statusReason: 'No RPC is configured for Ethereum.' }]);
    expect(await screen.findByText('No RPC is configured for Ethereum.')).toBeTruthy();
    expect(screen.queryByText(/source/i)).toBeNull();
  });
});

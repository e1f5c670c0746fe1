import type { Deployment, Publication } from '@layerloom/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { LaunchSection } from './launch-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const publication: Publication = {
  collectionId: 'c1',
  mode: 'hosted',
  slug: 'loom-cats',
  baseUri: 'https://layerloom.test/hosted/loom-cats/metadata/',
  imageBaseUri: 'https://layerloom.test/hosted/loom-cats/images/',
  provenanceHash: 'ab'.repeat(32),
  publishedAt: '2026-11-20T10:00:00.000Z',
};

const deployment: Deployment = {
  id: 'd1',
  collectionId: 'c1',
  chainId: 84_532,
  chainName: 'Base Sepolia',
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  transactionHash: `0x${'cd'.repeat(32)}`,
  blockNumber: '12',
  name: 'Loom Cats',
  symbol: 'LC',
  maxSupply: 100,
  payees: [],
  sourceVerification: null,
  status: 'unverified',
  statusReason: 'No RPC is configured for Base Sepolia.',
  explorerUrl: 'https://sepolia.basescan.org/address/0x5FbDB2315678afecb367f032d93F642f64180aa3',
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** Shows the section with the server answering each path from `answers`. */
function show(answers: Record<string, unknown>, runTarget: HTMLElement | null = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => Response.json({ status: 'success', data: answers[url] })),
  );
  render(
    <Providers client={createQueryClient()}>
      <LaunchSection collectionId="c1" name="Loom Cats" size={100} runTarget={runTarget} />
    </Providers>,
  );
}

// Ant Design and the wallet chunk load in jsdom, which takes seconds on a busy 2-core machine.
describe('LaunchSection', () => {
  it('once published, offers the form with the defaults', async () => {
    show({
      '/api/v1/collections/c1/publication': { publication },
      '/api/v1/collections/c1/deployments': { deployments: [] },
    });
    const deploy = await screen.findByRole('button', { name: 'Deploy on Base Sepolia' }, { timeout: 20_000 });
    // No wallet in jsdom: nothing to connect, so nothing to deploy with.
    expect(screen.getByText('No browser wallet found')).toBeTruthy();
    expect(deploy.hasAttribute('disabled')).toBe(true);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Loom Cats');
    expect((screen.getByLabelText('Symbol') as HTMLInputElement).value).toBe('LC');
    expect((screen.getByLabelText('Max supply') as HTMLInputElement).value).toBe('100');
    expect((screen.getByLabelText('Per-wallet limit') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Royalties') as HTMLInputElement).value).toBe('5');

    // The symbol follows the name until the user types one.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Night Owl Club' } });
    expect((screen.getByLabelText('Symbol') as HTMLInputElement).value).toBe('NOC');
  });

  it('keeps Deploy from the wallet while the workspace waits for an approval, saying why beside it', async () => {
    show({
      '/api/v1/collections/c1/publication': { publication },
      '/api/v1/collections/c1/deployments': { deployments: [] },
      '/api/v1/collections/c1/approval': {
        approval: {
          state: 'waiting',
          required: true,
          approvedBy: null,
          approvedAt: null,
          lapsedAt: null,
          canApprove: false,
        },
      },
    });
    const deploy = await screen.findByRole('button', { name: 'Deploy on Base Sepolia' }, { timeout: 20_000 });
    const note = await screen.findByText(/needs an Owner's or Admin's approval before it is deployed/);
    expect(deploy.hasAttribute('disabled')).toBe(true);
    expect(deploy.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('folds all but the first fields under More options, where the sales can be split among wallets', async () => {
    show({
      '/api/v1/collections/c1/publication': { publication },
      '/api/v1/collections/c1/deployments': { deployments: [] },
      '/api/v1/chains': {
        chains: [
          { chainId: 84532, name: 'Base Sepolia', kind: 'testnet', hasRpc: false },
          { chainId: 11155111, name: 'Sepolia', kind: 'testnet', hasRpc: true },
          { chainId: 31337, name: 'Local (anvil)', kind: 'local', hasRpc: true },
        ],
      },
    });
    // The first network the server reads, a testnet, is the default.
    await screen.findByRole('button', { name: 'Deploy on Sepolia' }, { timeout: 20_000 });
    expect(screen.getByText('A public practice network: its coins are free and worth nothing.')).toBeTruthy();
    const more = screen.getByRole('button', { name: /More options/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Royalty receiver' })).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByRole('textbox', { name: 'Royalty receiver' })).toBeTruthy();
    expect(screen.getByText(/All of the sales go to this wallet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Split the sales with another wallet' }));
    const shares = await screen.findAllByRole('spinbutton', { name: /^Share of wallet/ });
    expect(shares.map((input) => (input as HTMLInputElement).value)).toEqual(['50', '50']);
    expect(screen.getByText('Total: 100 % of 100 %')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Wallet 2' }), { target: { value: '0x1234' } });
    fireEvent.change(shares[1] as HTMLElement, { target: { value: '40' } });
    expect(await screen.findByText('Total: 90 % of 100 %')).toBeTruthy();
    expect(
      await screen.findByText('Enter a wallet address: 0x followed by 40 letters and digits (0-9, a-f).'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove wallet 2' }));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: /^Share of wallet/ })).toBeNull());
    // Each interaction re-renders the whole form, which takes seconds in jsdom on a busy machine.
  }, 240_000);

  it('lists the deployed contracts and keeps the form for another behind a button', async () => {
    show({
      '/api/v1/collections/c1/publication': { publication },
      '/api/v1/collections/c1/deployments': { deployments: [deployment] },
    });
    const another = await screen.findByRole(
      'button',
      { name: 'Deploy another contract' },
      { timeout: 20_000 },
    );
    expect(screen.queryByLabelText('Symbol')).toBeNull();
    fireEvent.click(another);
    expect(((await screen.findByLabelText('Symbol')) as HTMLInputElement).value).toBe('LC');

    const list = await screen.findByRole('list', { name: 'Deployed contracts' });
    expect(list.textContent).toContain('Base Sepolia');
    expect(list.textContent).toContain('Unverified');
    expect(list.textContent).toContain(deployment.address);
    expect(list.textContent).toContain('No RPC is configured for Base Sepolia.');
  });

  it('shows the wallet and the drop in the next step once there is a contract', async () => {
    const target = document.createElement('div');
    document.body.append(target);
    show(
      {
        '/api/v1/collections/c1/publication': { publication },
        '/api/v1/collections/c1/deployments': { deployments: [deployment] },
      },
      target,
    );
    await screen.findByRole('button', { name: 'Deploy another contract' }, { timeout: 20_000 });
    await waitFor(() => expect(target.textContent).toContain('No browser wallet found'));
    expect(target.querySelector('h3')?.textContent).toBe('Wallet');
    target.remove();
  });

  it('launches pre-reveal by default once a placeholder is set, and asks for one before a pre-reveal launch', async () => {
    show({
      '/api/v1/collections/c1/publication': { publication },
      '/api/v1/collections/c1/deployments': { deployments: [] },
      '/api/v1/collections/c1/publication/placeholder': {
        placeholder: {
          name: 'Loom Cats #?',
          description: 'Revealed soon',
          metadataUrl: 'https://layerloom.test/hosted/loom-cats/placeholder.json',
          imageUrl: `https://layerloom.test/hosted/loom-cats/placeholder/${'0'.repeat(32)}.png`,
          imageType: 'png',
          updatedAt: '2026-11-21T10:00:00.000Z',
          revealedAt: null,
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /More options/ }, { timeout: 20_000 }));
    const preReveal = await screen.findByRole('radio', { name: 'Pre-reveal (placeholder until you reveal)' });
    await waitFor(() => expect((preReveal as HTMLInputElement).checked).toBe(true));
    expect(screen.getByText(/Every token shows the placeholder set under Publication/)).toBeTruthy();
  });

  it('without a placeholder, reveals at once and explains what pre-reveal needs', async () => {
    show({
      '/api/v1/collections/c1/publication': { publication },
      '/api/v1/collections/c1/deployments': { deployments: [] },
      '/api/v1/collections/c1/publication/placeholder': { placeholder: null },
    });
    fireEvent.click(await screen.findByRole('button', { name: /More options/ }, { timeout: 20_000 }));
    const atOnce = await screen.findByRole('radio', { name: 'Revealed at once' });
    expect((atOnce as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Pre-reveal (placeholder until you reveal)' }));
    expect(
      await screen.findByText(
        'Set a pre-reveal placeholder under Publication first, or choose Revealed at once.',
      ),
    ).toBeTruthy();
  });
});

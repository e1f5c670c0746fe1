import type { Placeholder } from '@layerloom/api';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers.tsx';
import { PlaceholderPanel } from './placeholder-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const placeholder: Placeholder = {
  name: 'Loom Cats #?',
  description: 'Revealed soon',
  metadataUrl: 'https://layerloom.test/hosted/loom-cats/placeholder.json',
  imageUrl: `https://layerloom.test/hosted/loom-cats/placeholder/${'0'.repeat(32)}.png`,
  imageType: 'png',
  updatedAt: '2026-11-21T10:00:00.000Z',
  revealedAt: null,
};

/** jsdom has no ResizeObserver; Ant Design's text areas observe their size. */
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** A contract deployed for the collection (pre-reveal: it shows the placeholder until its reveal). */
const deployment = {
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
  status: 'verified',
  statusReason: null,
  explorerUrl: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** Shows the panel with the server answering the placeholder with `answer`, and the collection's contracts. */
function show(answer: Placeholder | null, onIpfs = false, deployments: unknown[] = []) {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  const fetch = vi.fn(async (url: string) =>
    Response.json({
      status: 'success',
      data: url.endsWith('/deployments') ? { deployments } : { placeholder: answer },
    }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <Providers client={createQueryClient()}>
      <PlaceholderPanel collectionId="c1" collectionName="Loom Cats" onIpfs={onIpfs} />
    </Providers>,
  );
  return fetch;
}

describe('PlaceholderPanel', () => {
  it('offers to set one, with the defaults in the form and an image required before anything is sent', async () => {
    const fetch = show(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Set a placeholder…' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Pre-reveal placeholder' });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Loom Cats #?');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Revealed soon');
    fireEvent.click(screen.getByRole('button', { name: 'Save placeholder' }));
    expect(await screen.findByText('Choose a placeholder image (PNG, JPEG, WebP or GIF).')).toBeTruthy();
    expect(dialog).toBeTruthy();
    // Only the first reads went out (the placeholder, the contracts): nothing was sent.
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shows the placeholder set and that the art is hidden, with a way to change it', async () => {
    show(placeholder);
    expect(
      await screen.findByText('Art hidden until the reveal', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Placeholder: Loom Cats #?' }).getAttribute('src')).toBe(
      placeholder.imageUrl,
    );
    expect(screen.getByRole('link', { name: 'Placeholder metadata' }).getAttribute('href')).toBe(
      placeholder.metadataUrl,
    );
    expect(screen.getByRole('button', { name: 'Change placeholder…' })).toBeTruthy();
  });

  it('refuses a file that is not an image in place, and saving then sends nothing', async () => {
    const fetch = show(placeholder);
    fireEvent.click(await screen.findByRole('button', { name: 'Change placeholder…' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Pre-reveal placeholder' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['not an image'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByText('notes.txt is not a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save placeholder' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog', { name: 'Pre-reveal placeholder' })).toBeTruthy();
  });

  it('once revealed, says so and no longer offers a change', async () => {
    show({ ...placeholder, revealedAt: '2026-11-22T10:00:00.000Z' });
    expect(await screen.findByText(/^Revealed \w+ \d+, 2026$/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change placeholder…' })).toBeNull();
    expect(screen.queryByText('Art hidden until the reveal')).toBeNull();
  });

  it('with a contract deployed, offers no removal and says why before any click', async () => {
    show(placeholder, false, [deployment]);
    const reason = await screen.findByText(
      'It cannot be removed: your contract on Base Sepolia (0x5FbD…0aa3) shows it until you reveal the collection from Run the drop.',
      undefined,
      { timeout: 10_000 },
    );
    const removeButton = screen.getByRole('button', { name: 'Remove placeholder…' });
    expect(removeButton.hasAttribute('disabled')).toBe(true);
    expect(removeButton.getAttribute('aria-describedby')).toBe(reason.id);
    // Its image and texts can still change until the reveal.
    expect(screen.getByRole('button', { name: 'Change placeholder…' }).hasAttribute('disabled')).toBe(false);
  });

  it('on IPFS, does not promise that the art stays private', async () => {
    show(placeholder, true);
    expect(
      await screen.findByText('Placeholder shown until the reveal', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('Art hidden until the reveal')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change placeholder…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pre-reveal placeholder' });
    expect(dialog.textContent).toContain('on IPFS the art itself is public');
    expect(dialog.textContent).not.toContain('stay private');
  });

  it("removes it after a confirmation, and shows the server's reason when it refuses", async () => {
    const refusal =
      'Your contract on Base Sepolia (0x5FbDB2315678afecb367f032d93F642f64180aa3) shows this placeholder until you reveal it, so it cannot be removed.';
    const deletes: string[] = [];
    show(placeholder);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/deployments'))
          return Response.json({ status: 'success', data: { deployments: [] } });
        if (init?.method !== 'DELETE') {
          return Response.json({ status: 'success', data: { placeholder } });
        }
        deletes.push(url);
        return deletes.length === 1
          ? Response.json({ status: 'error', error: { code: 'CONFLICT', message: refusal } }, { status: 409 })
          : Response.json({ status: 'success', data: { placeholder: null } });
      }),
    );
    const removeButton = await screen.findByRole(
      'button',
      { name: 'Remove placeholder…' },
      { timeout: 10_000 },
    );
    fireEvent.click(removeButton);
    const confirm = await screen.findByRole('dialog', { name: 'Remove the placeholder?' });
    expect(confirm.textContent).toContain("The collection's own images and metadata become public at once");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove placeholder' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('Could not remove the placeholder')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Placeholder: Loom Cats #?' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove placeholder…' }));
    const again = await screen.findByRole('dialog', { name: 'Remove the placeholder?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove placeholder' }));
    expect(
      await screen.findByRole('button', { name: 'Set a placeholder…' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(deletes).toEqual([
      '/api/v1/collections/c1/publication/placeholder',
      '/api/v1/collections/c1/publication/placeholder',
    ]);
  });
});

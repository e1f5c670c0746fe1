import {
  DEFAULT_ANIMATION_SETTINGS,
  DEFAULT_METADATA_FORMAT_SETTINGS,
  type MetadataFormatSettings,
  planById,
} from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { generateBlockers } from './generate-blockers.ts';
import { loadMetadataCheck } from './metadata-check.ts';
import { MetadataFormatPanel, NEW_SOLANA_SETTINGS } from './metadata-format-panel.tsx';
import { type Draft, saveBody } from './project-draft.ts';

const ADDRESS = '7nE1GmnMmDKiycFkpHF7mKtxt356FQzVonZqBWsTWZNf';

/** The panel as the editor holds it: every change kept and shown again; the last settings readable. */
function Harness({
  initial,
  onSettings,
}: {
  initial: MetadataFormatSettings;
  onSettings: (s: MetadataFormatSettings) => void;
}) {
  const [settings, setSettings] = useState(initial);
  return (
    <MetadataFormatPanel
      settings={settings}
      onChange={(next) => {
        setSettings(next);
        onSettings(next);
      }}
    />
  );
}

describe('MetadataFormatPanel', () => {
  it('offers Ethereum, Solana or both, and asks for Solana’s fields only when Solana metadata is written', () => {
    const onSettings = vi.fn();
    render(<Harness initial={DEFAULT_METADATA_FORMAT_SETTINGS} onSettings={onSettings} />);
    expect(screen.getByText(/Which blockchain’s metadata each token gets/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Ethereum \(ERC-721\)/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByLabelText('Symbol')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /^Solana \(Metaplex\)/ }));
    expect(onSettings).toHaveBeenLastCalledWith({ format: 'solana', solana: NEW_SOLANA_SETTINGS });
    expect(screen.getByLabelText('Symbol')).toBeTruthy();
    expect((screen.getByLabelText('Royalties') as HTMLInputElement).value).toBe('5.00');
    // The blank address is not called wrong before the creator has had a chance to fill it in.
    expect(screen.queryByText(/Enter the creator’s Solana wallet address/)).toBeNull();

    fireEvent.change(screen.getByLabelText('Creator 1 wallet address'), { target: { value: ADDRESS } });
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'CATS' } });
    fireEvent.change(screen.getByLabelText('Royalties'), { target: { value: '7.5' } });
    expect(onSettings).toHaveBeenLastCalledWith({
      format: 'solana',
      solana: {
        ...NEW_SOLANA_SETTINGS,
        symbol: 'CATS',
        sellerFeeBasisPoints: 750,
        creators: [{ address: ADDRESS, share: 100 }],
      },
    });
    expect(screen.queryByRole('alert')).toBeNull();

    // Back to Ethereum only: the Solana fields go away but are kept for later.
    fireEvent.click(screen.getByRole('radio', { name: /^Ethereum/ }));
    expect(screen.queryByLabelText('Symbol')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^Both/ }));
    expect((screen.getByLabelText('Symbol') as HTMLInputElement).value).toBe('CATS');
  });

  it('shows each problem under its field: an address that is not Solana’s, a long symbol, shares that do not add up to 100 %', () => {
    const onSettings = vi.fn();
    render(
      <Harness
        initial={{
          format: 'both',
          solana: { ...NEW_SOLANA_SETTINGS, creators: [{ address: ADDRESS, share: 100 }] },
        }}
        onSettings={onSettings}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add creator' }));
    // A new creator starts with what is left of 100 %: nothing, so the total is still right.
    expect(screen.getByTestId('creator-shares').textContent).toBe('Shares add up to 100 % of 100 %');
    const second = screen.getByLabelText('Creator 2 wallet address');
    fireEvent.change(second, { target: { value: '0x12ab' } });
    fireEvent.blur(second);
    expect(
      screen.getByText('This is not a Solana address: 32 to 44 letters and digits, without 0, O, I or l'),
    ).toBeTruthy();
    expect(second.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Creator 1 share'), { target: { value: '60' } });
    expect(screen.getByTestId('creator-shares').textContent).toBe('Shares add up to 60 % of 100 %');
    expect(screen.getByRole('alert').textContent).toBe(
      'Creator shares must add up to 100 %; they add up to 60 %',
    );
    fireEvent.change(screen.getByLabelText('Creator 2 share'), { target: { value: '40' } });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'ELEVENCHARS' } });
    expect(screen.getByText('Symbol is at most 10 characters (a Metaplex limit)')).toBeTruthy();

    for (let added = 3; added <= 4; added++)
      fireEvent.click(screen.getByRole('button', { name: 'Add creator' }));
    expect((screen.getByRole('button', { name: 'Add creator' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('4 creators at most: Sugar adds the Candy Machine as another.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove creator 4' }));
    expect(screen.queryByLabelText('Creator 4 wallet address')).toBeNull();
  });

  it('keeps unfinished Solana settings out of the autosave and lists them among what stops Generate', async () => {
    // Settings other than Ethereum only are checked with the contract's schema, loaded on first need.
    await loadMetadataCheck();
    const draft = {
      id: 'p1',
      name: 'Cats',
      description: 'Cats in hats',
      collectionSize: 4,
      width: 64,
      height: 64,
      rarityMode: 'weighted',
      seed: 'seed',
      layers: [],
      rules: [],
      configurations: [],
      oneOfOnes: [],
      animation: DEFAULT_ANIMATION_SETTINGS,
      metadata: {
        format: 'solana',
        solana: { ...NEW_SOLANA_SETTINGS, creators: [{ address: ADDRESS, share: 70 }] },
      },
      createdAt: '',
      updatedAt: '',
      version: 1,
      updatedBy: null,
    } satisfies Draft;
    const { body, skipped } = saveBody(draft);
    expect(body.metadata).toBeUndefined();
    expect(skipped).toEqual(['metadata']);
    const blockers = generateBlockers({
      draft,
      plan: planById('pro'),
      count: { data: undefined, error: null, isLoading: false },
      saveState: { kind: 'saved' },
      isRunning: false,
    });
    expect(blockers.find((blocker) => blocker.id === 'metadata')).toEqual({
      id: 'metadata',
      text: 'Solana metadata: Creator shares must add up to 100 %; they add up to 70 %.',
      targets: [{ kind: 'metadata' }],
    });

    const complete = {
      ...draft,
      metadata: {
        format: 'solana' as const,
        solana: { ...NEW_SOLANA_SETTINGS, creators: [{ address: ADDRESS, share: 100 }] },
      },
    };
    expect(saveBody(complete).body.metadata).toEqual(complete.metadata);
    // Solana fields do not stop an Ethereum-only project from saving: kept when they are valid on their own
    // (shares are checked only once Solana is chosen), dropped when not.
    const ethereum = { ...draft, metadata: { ...draft.metadata, format: 'erc721' as const } };
    expect(saveBody(ethereum).body.metadata).toEqual(ethereum.metadata);
    const blank = { ...draft, metadata: { format: 'erc721' as const, solana: NEW_SOLANA_SETTINGS } };
    expect(saveBody(blank).body.metadata).toEqual({ format: 'erc721', solana: null });
  });
});

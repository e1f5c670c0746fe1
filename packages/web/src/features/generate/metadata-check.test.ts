import { type MetadataFormatSettings, planById } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { emptyProject } from './draft-fixtures.ts';
import { generateBlockers } from './generate-blockers.ts';
import { loadMetadataCheck, metadataProblem } from './metadata-check.ts';
import { type Draft, saveBody, toDraft } from './project-draft.ts';

const ADDRESS = '7nE1GmnMmDKiycFkpHF7mKtxt356FQzVonZqBWsTWZNf';
const solana: MetadataFormatSettings & { solana: NonNullable<MetadataFormatSettings['solana']> } = {
  format: 'solana',
  solana: {
    symbol: 'CAT',
    sellerFeeBasisPoints: 500,
    externalUrl: '',
    creators: [{ address: ADDRESS, share: 70 }],
  },
};

function blockersOf(draft: Draft) {
  return generateBlockers({
    draft,
    plan: planById('pro'),
    count: { data: undefined, error: null, isLoading: false },
    saveState: { kind: 'saved' },
    isRunning: false,
  });
}

// The module's state is the page's: these steps run in order, before and after the schema has loaded.
describe('metadata settings check', () => {
  it('knows Ethereum-only settings are valid without the schema, and sends them', () => {
    const draft = toDraft(emptyProject);
    expect(metadataProblem(draft.metadata)).toBeNull();
    expect(saveBody(draft).body.metadata).toEqual({ format: 'erc721', solana: null });
    expect(blockersOf(draft).some((blocker) => blocker.id.startsWith('metadata'))).toBe(false);
  });

  it('neither sends nor judges other settings until the schema is there, and says it is checking', () => {
    const draft = { ...toDraft(emptyProject), metadata: solana };
    expect(metadataProblem(draft.metadata)).toBeUndefined();
    const { body, skipped } = saveBody(draft);
    // Left out of the save (the server keeps its own), not reported as unfinished.
    expect(body.metadata).toBeUndefined();
    expect(skipped).not.toContain('metadata');
    expect(blockersOf(draft).find((blocker) => blocker.id === 'metadata-unchecked')?.text).toBe(
      'Checking the Solana metadata settings…',
    );
  });

  it('says what the server would once the schema has loaded', async () => {
    await loadMetadataCheck();
    const draft = { ...toDraft(emptyProject), metadata: solana };
    expect(metadataProblem(draft.metadata)).toEqual({
      message: 'Creator shares must add up to 100 %; they add up to 70 %',
    });
    expect(saveBody(draft).skipped).toContain('metadata');
    const complete = {
      ...draft,
      metadata: { ...solana, solana: { ...solana.solana, creators: [{ address: ADDRESS, share: 100 }] } },
    };
    expect(metadataProblem(complete.metadata)).toBeNull();
    expect(saveBody(complete).body.metadata).toEqual(complete.metadata);
    // Back to Ethereum only: the Solana fields are kept for later (their shares are not checked then).
    const back = { ...draft, metadata: { ...solana, format: 'erc721' as const } };
    expect(saveBody(back).body.metadata).toEqual(back.metadata);
    // Ethereum only with Solana fields the server would refuse: Ethereum only is saved, without them.
    const refused = {
      ...draft,
      metadata: { format: 'erc721' as const, solana: { ...solana.solana, symbol: 'X'.repeat(11) } },
    };
    expect(saveBody(refused).body.metadata).toEqual({ format: 'erc721', solana: null });
    expect(blockersOf(back).some((blocker) => blocker.id.startsWith('metadata'))).toBe(false);
  });
});

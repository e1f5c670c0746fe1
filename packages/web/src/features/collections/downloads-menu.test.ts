import { describe, expect, it } from 'vitest';
import { downloadChoices } from './downloads-menu.tsx';

const kinds = (format: Parameters<typeof downloadChoices>[0]) =>
  downloadChoices(format).map((choice) => choice.kind);

describe('downloadChoices', () => {
  it('offers the Solana downloads only for a collection with Solana (Metaplex) metadata', () => {
    expect(kinds('erc721')).toEqual(['zip', 'images-car', 'metadata-car', 'collage', 'gif']);
    expect(kinds('both')).toEqual([
      'zip',
      'images-car',
      'metadata-car',
      'solana-zip',
      'solana-metadata-car',
      'collage',
      'gif',
    ]);
    // Solana only: Sugar's folder first, and no Ethereum metadata CAR to publish.
    expect(kinds('solana')).toEqual([
      'solana-zip',
      'solana-metadata-car',
      'images-car',
      'zip',
      'collage',
      'gif',
    ]);
    expect(downloadChoices('solana')[0]).toEqual({
      kind: 'solana-zip',
      label: 'Solana ZIP (Sugar)',
      hint: 'Metaplex assets folder: 0.png, 0.json … collection.json',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  editSolanaMetadata,
  editTokenMetadata,
  type MetadataEdits,
  namePatternProblem,
} from './edit-token-metadata.ts';

const token = {
  name: 'Loom #7',
  description: 'Generated',
  image: 'ipfs://base/7.png',
  edition: 7,
  dna: 'abc',
  attributes: [
    { trait_type: 'Body', value: 'Red' },
    { trait_type: 'Hat', value: 'Cap' },
  ],
};

const edits: MetadataEdits = {
  namePattern: '{collection} No. {edition}',
  description: 'Hand-picked cats',
  externalUrl: 'https://cats.example/7',
  backgroundColor: '1d3557',
  attributes: [{ trait_type: 'Artist', value: 'Ada' }],
  renames: [{ traitType: 'Body', from: 'Red', to: 'Crimson' }],
};

describe('metadata edits', () => {
  it('names, describes, links, colours, renames traits and adds collection-wide attributes; applying twice changes nothing', () => {
    const edited = editTokenMetadata(token, edits, { collection: 'Loom', oneOfOne: false });
    expect(edited).toEqual({
      ...token,
      name: 'Loom No. 7',
      description: 'Hand-picked cats',
      external_url: 'https://cats.example/7',
      background_color: '1d3557',
      attributes: [
        { trait_type: 'Body', value: 'Crimson' },
        { trait_type: 'Hat', value: 'Cap' },
        { trait_type: 'Artist', value: 'Ada' },
      ],
    });
    expect(editTokenMetadata(token, edits, { collection: 'Loom', oneOfOne: false })).toEqual(edited);
    expect(editTokenMetadata(token, edits, { collection: 'Loom', oneOfOne: true }).name).toBe('Loom #7');
    const solana = editSolanaMetadata(
      { name: 'Loom #7', symbol: 'LOOM', attributes: token.attributes },
      edited,
      edits,
    );
    expect(solana).toMatchObject({
      name: 'Loom No. 7',
      symbol: 'LOOM',
      external_url: 'https://cats.example/7',
    });
    expect(solana.attributes).toEqual(edited.attributes);
  });

  it('adds per-token attributes to their own token only, after the collection-wide ones', () => {
    const perToken: MetadataEdits = {
      ...edits,
      tokenAttributes: [
        { edition: 7, trait_type: 'Signed', value: 'Yes' },
        { edition: 8, trait_type: 'Signed', value: 'No' },
        { edition: 7, trait_type: 'Print', value: 1 },
      ],
    };
    const seventh = editTokenMetadata(token, perToken, { collection: 'Loom', oneOfOne: false });
    expect(seventh.attributes).toEqual([
      { trait_type: 'Body', value: 'Crimson' },
      { trait_type: 'Hat', value: 'Cap' },
      { trait_type: 'Artist', value: 'Ada' },
      { trait_type: 'Signed', value: 'Yes' },
      { trait_type: 'Print', value: 1 },
    ]);
    const eighth = editTokenMetadata({ ...token, edition: 8 }, perToken, {
      collection: 'Loom',
      oneOfOne: false,
    });
    expect(eighth.attributes.slice(2)).toEqual([
      { trait_type: 'Artist', value: 'Ada' },
      { trait_type: 'Signed', value: 'No' },
    ]);
    expect(
      editTokenMetadata({ ...token, edition: 9 }, perToken, { collection: 'Loom', oneOfOne: false })
        .attributes,
    ).toHaveLength(3);
  });

  it('accepts {collection} and {edition} only, and needs {edition}', () => {
    expect(namePatternProblem('{collection} #{edition}')).toBeUndefined();
    expect(namePatternProblem('Cat {edition}')).toBeUndefined();
    expect(namePatternProblem('{collection} #{id}')).toBe(
      'Unknown placeholder {id}: use {collection} and {edition}',
    );
    expect(namePatternProblem('{collection}')).toMatch(/needs \{edition\}/);
    expect(namePatternProblem('Cat {edition')).toBe('Braces are only for {collection} and {edition}');
  });
});

/** A token of the sample collection shown on the landing page (made by scripts/generate-art.ts with the engine). */
export interface SampleToken {
  edition: number;
  /** Its rarity rank in the sample collection (1 = rarest), as public/art/sample/sample-collection.json says. */
  rank: number;
  image: string;
}

/** Tokens of the sample collection the landing page shows: the eight rarest, rarest first. */
export const sampleCollection = {
  name: 'Loomlings',
  size: 24,
  tokens: [
    { edition: 17, rank: 1 },
    { edition: 24, rank: 2 },
    { edition: 15, rank: 3 },
    { edition: 22, rank: 4 },
    { edition: 7, rank: 5 },
    { edition: 13, rank: 6 },
    { edition: 23, rank: 7 },
    { edition: 4, rank: 8 },
  ].map((token): SampleToken => ({ ...token, image: `/art/sample/${token.edition}.webp` })),
};

import type { TokenLook } from './token-look.ts';

/**
 * Two tokens look alike when their perceptual hashes are at most this many bits apart (of 752): 0, the
 * same hash. Measured at 512² (`token-look.test.ts`): a stray pixel or a sliver of a trait peeking out
 * from under a cover change no bit, while the smallest visible trait measured (a 16 px earring on the
 * body's edge, 0.08 % of the image) changes 2 shape bits, a 1 px shift of the art 2, and swapping a pair
 * of eyes for another 4. A gradient hash weighs where brightness changes, not by how much, so any
 * threshold above 0 would call some visibly different tokens alike (and "Every token looks different"
 * would reroll them); at 0 a look-alike group is one collectors cannot tell apart. Colours within one
 * step of 8 levels may or may not share a hash: near-identical recolours are caught when they do.
 */
export const LOOK_ALIKE_DISTANCE = 0;

/** Bits of a perceptual hash. */
const HASH_BITS = 752;

/** Tokens that look the same: pixel-identical (`identical`), or closer than the threshold. */
export interface LookAlikeGroup {
  /** Editions in the group, ascending. */
  editions: number[];
  /** Whether every token of the group has exactly the same pixels. */
  identical: boolean;
  /** Largest perceptual distance (bits) between a token and the group's first token; 0 when identical or the same hash. */
  distance: number;
}

/** Parameters of `groupLookAlikes`. */
export interface GroupLookAlikesParameters {
  /** The look of each token by edition (index 0 = edition 1); null for a token without one. */
  looks: readonly (TokenLook | null)[];
  /** Largest perceptual distance, in bits, that still counts as alike (default `LOOK_ALIKE_DISTANCE`). */
  threshold?: number;
}

/** A 752-bit perceptual hash as 32-bit words (the last one half used). */
export type PerceptualBits = Uint32Array;

/** Parses a `TokenLook.perceptual` hex string. */
export function perceptualBits(hex: string): PerceptualBits {
  const words = new Uint32Array(Math.ceil(HASH_BITS / 32));
  for (let i = 0; i < words.length; i++) {
    words[i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8).padEnd(8, '0'), 16) >>> 0;
  }
  return words;
}

/** Number of bits in which two perceptual hashes differ. */
export function hammingDistance(a: PerceptualBits, b: PerceptualBits): number {
  let bits = 0;
  for (let i = 0; i < a.length; i++) {
    let x = (a[i]! ^ b[i]!) >>> 0;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    bits += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return bits;
}

/**
 * Finds near neighbours among perceptual hashes by multi-index hashing: the 752 bits are dealt into
 * `threshold + 1` interleaved parts (bit i goes to part i mod (threshold + 1)), so two hashes at most
 * `threshold` bits apart agree exactly on at least one part (pigeonhole), and only tokens that share a
 * part's value are compared. Interleaving spreads each part over the whole image, so tokens that only
 * share a background or a hat rarely share a part. Hashes can be added as they are queried.
 */
export class LookIndex {
  readonly #threshold: number;
  readonly #parts: Map<string, number[]>[];
  readonly #bits: PerceptualBits[] = [];

  constructor(threshold: number) {
    this.#threshold = threshold;
    this.#parts = Array.from({ length: threshold + 1 }, () => new Map());
  }

  /** Indices (in the order added) of the hashes at most the threshold away from `bits`. */
  near(bits: PerceptualBits): number[] {
    const found = new Set<number>();
    this.#keys(bits).forEach((key, part) => {
      for (const index of this.#parts[part]!.get(key) ?? []) {
        if (!found.has(index) && hammingDistance(bits, this.#bits[index]!) <= this.#threshold)
          found.add(index);
      }
    });
    return [...found].sort((a, b) => a - b);
  }

  /** Adds a hash; returns its index. */
  add(bits: PerceptualBits): number {
    const index = this.#bits.length;
    this.#bits.push(bits);
    this.#keys(bits).forEach((key, part) => {
      const list = this.#parts[part]!.get(key);
      if (list) list.push(index);
      else this.#parts[part]!.set(key, [index]);
    });
    return index;
  }

  #keys(bits: PerceptualBits): string[] {
    // One part: the whole hash is the key.
    if (this.#threshold === 0)
      return [Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength).toString('latin1')];
    const count = this.#threshold + 1;
    const keys = Array.from({ length: count }, () => new Uint8Array(Math.ceil(HASH_BITS / count / 8)));
    for (let bit = 0; bit < HASH_BITS; bit++) {
      if (((bits[bit >>> 5]! >>> (31 - (bit & 31))) & 1) === 0) continue;
      const position = Math.floor(bit / count);
      keys[bit % count]![position >>> 3]! |= 1 << (position & 7);
    }
    return keys.map((key) => Buffer.from(key).toString('latin1'));
  }
}

/**
 * Groups the tokens that look the same: first those with the same pixel hash, then pixel groups whose
 * perceptual hashes are at most `threshold` bits apart (joined transitively). Groups come in order of
 * their first edition; tokens without a look are left out. About n·(threshold + 1) index look-ups, so
 * 10,000 tokens take a fraction of a second.
 */
export function groupLookAlikes(parameters: GroupLookAlikesParameters): LookAlikeGroup[] {
  const threshold = parameters.threshold ?? LOOK_ALIKE_DISTANCE;
  const byPixels = new Map<string, number[]>();
  parameters.looks.forEach((look, index) => {
    if (!look) return;
    const editions = byPixels.get(look.pixel);
    if (editions) editions.push(index + 1);
    else byPixels.set(look.pixel, [index + 1]);
  });
  const classes = [...byPixels.values()];
  const bits = classes.map((editions) => perceptualBits(parameters.looks[editions[0]! - 1]!.perceptual));
  const parent = classes.map((_, index) => index);
  const root = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!;
      index = parent[index]!;
    }
    return index;
  };
  const index = new LookIndex(threshold);
  bits.forEach((hash, current) => {
    for (const other of index.near(hash)) {
      const a = root(current);
      const b = root(other);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
    index.add(hash);
  });
  const components = new Map<number, number[]>();
  classes.forEach((_, current) => {
    const key = root(current);
    const list = components.get(key);
    if (list) list.push(current);
    else components.set(key, [current]);
  });
  const groups: LookAlikeGroup[] = [];
  for (const members of components.values()) {
    const editions = members.flatMap((member) => classes[member]!).sort((a, b) => a - b);
    if (editions.length < 2) continue;
    const first = bits[members[0]!]!;
    const distance = Math.max(...members.map((member) => hammingDistance(first, bits[member]!)));
    groups.push({ editions, identical: members.length === 1, distance });
  }
  return groups.sort((a, b) => a.editions[0]! - b.editions[0]!);
}

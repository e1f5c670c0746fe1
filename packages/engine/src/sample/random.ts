import { createHash } from 'node:crypto';

/** A deterministic pseudo-random stream (sfc32 seeded from SHA-256 of the seed). Same seed → same numbers on every machine. */
export interface Random {
  /** A float in [0, 1) with 53 random bits. */
  next(): number;
  /** An integer in [0, bound). */
  int(bound: number): number;
}

/** Creates a seeded random stream; `stream` names an independent sub-stream of the same seed. */
export function createRandom(seed: string, stream = ''): Random {
  const digest = createHash('sha256').update(`${seed}\u0000${stream}`).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12) | 1;
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) next32();
  const next = (): number => ((next32() >>> 5) * 67108864 + (next32() >>> 6)) / 9007199254740992;
  return {
    next,
    int: (bound) => Math.floor(next() * bound),
  };
}

/** Shuffles an array in place (Fisher–Yates) with the given stream. */
export function shuffleInPlace<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const swap = items[i]!;
    items[i] = items[j]!;
    items[j] = swap;
  }
  return items;
}

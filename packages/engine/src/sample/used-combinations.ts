import type { ConfigurationModel } from './configuration-model.ts';

/** A node of the used-combination trie: how many used combinations pass through it, and their summed suffix probability. */
export interface UsedNode {
  count: number;
  mass: number;
  children: Map<number, UsedNode> | null;
}

/**
 * The combinations already taken in one configuration, as a trie over positions, so the
 * sampler can subtract them exactly from the completion counts of any prefix.
 */
export class UsedCombinations {
  readonly root: UsedNode = { count: 0, mass: 0, children: null };
  private readonly suffix: Float64Array;

  constructor(private readonly model: ConfigurationModel) {
    this.suffix = new Float64Array(model.positions.length + 1);
  }

  /** Number of used combinations. */
  get size(): number {
    return this.root.count;
  }

  /** Records a combination (options by position) as used. */
  add(options: ArrayLike<number>): void {
    const positions = this.model.positions;
    const k = positions.length;
    this.suffix[k] = 1;
    for (let i = k - 1; i >= 0; i--)
      this.suffix[i] = positions[i]!.probability[options[i]!]! * this.suffix[i + 1]!;
    let node = this.root;
    node.count++;
    node.mass += this.suffix[0]!;
    for (let i = 0; i < k; i++) {
      node.children ??= new Map();
      let child = node.children.get(options[i]!);
      if (!child) {
        child = { count: 0, mass: 0, children: null };
        node.children.set(options[i]!, child);
      }
      child.count++;
      child.mass += this.suffix[i]!;
      node = child;
    }
  }
}

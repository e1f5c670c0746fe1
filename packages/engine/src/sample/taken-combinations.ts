import { type ConfigurationModel, isValidAssignment } from './configuration-model.ts';

/**
 * Every combination taken so far in the collection, across configurations, keyed by what a
 * token shows (trait per collection layer), so two configurations never produce the same token.
 */
export class TakenCombinations {
  private readonly keys = new Set<string>();
  private readonly shown: Int32Array[] = [];

  constructor(private readonly layerCount: number) {}

  /** Number of taken combinations. */
  get size(): number {
    return this.shown.length;
  }

  /** Trait per collection layer (-1 when absent) of a configuration's option assignment. */
  traitsOf(model: ConfigurationModel, options: ArrayLike<number>): Int32Array {
    const traits = new Int32Array(this.layerCount).fill(-1);
    model.positions.forEach((position, index) => {
      const option = options[index]!;
      if (option !== position.noneOption) traits[position.layer] = option;
    });
    return traits;
  }

  /** The uniqueness key of a trait-per-layer array. */
  static keyOf(traits: ArrayLike<number>): string {
    return Array.prototype.join.call(traits, ',');
  }

  /** Whether this assignment shows the same traits as a taken combination. */
  has(model: ConfigurationModel, options: ArrayLike<number>): boolean {
    return this.keys.has(TakenCombinations.keyOf(this.traitsOf(model, options)));
  }

  /** Whether a key is taken. */
  hasKey(key: string): boolean {
    return this.keys.has(key);
  }

  /** Marks an assignment of a configuration as taken. */
  add(model: ConfigurationModel, options: ArrayLike<number>): void {
    this.addShown(this.traitsOf(model, options));
  }

  /** Marks what a token shows (trait per collection layer, -1 when absent) as taken. */
  addShown(traits: Int32Array): void {
    this.keys.add(TakenCombinations.keyOf(traits));
    this.shown.push(traits);
  }

  /** Taken combinations (from any configuration) that are also valid assignments of `model`, as its options. */
  *within(model: ConfigurationModel): Generator<Int32Array> {
    const options = new Int32Array(model.positions.length);
    for (const traits of this.shown) {
      if (toOptions(model, traits, options) && isValidAssignment(model, options)) yield options.slice();
    }
  }
}

function toOptions(model: ConfigurationModel, traits: Int32Array, into: Int32Array): boolean {
  for (let layer = 0; layer < traits.length; layer++) {
    if (traits[layer]! >= 0 && model.positionOfLayer[layer]! < 0) return false;
  }
  for (let index = 0; index < model.positions.length; index++) {
    const position = model.positions[index]!;
    const trait = traits[position.layer]!;
    const option = trait >= 0 ? trait : position.noneOption;
    if (option < 0) return false;
    into[index] = option;
  }
  return true;
}

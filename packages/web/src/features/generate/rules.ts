import type { ProjectRule } from '@layerloom/api';

/** The kinds of rule the editor offers, with the words shown for them. */
export const RULE_KINDS = [
  { value: 'excludes', label: 'excludes' },
  { value: 'requires', label: 'requires' },
  { value: 'requires-one-of', label: 'requires one of' },
] as const;
export type RuleKind = (typeof RULE_KINDS)[number]['value'];

/** The minimum the rules editor needs to know of a layer. */
export interface RuleLayer {
  name: string;
  traits: readonly { name: string }[];
}

/** A trait as rules name it: `Layer/Trait` (the engine splits at the first slash). */
export function traitRef(layer: string, trait: string): string {
  return `${layer}/${trait}`;
}

/** `Layer/Trait` → its two names (the layer is everything before the first slash). */
export function parseTraitRef(ref: string): { layer: string; trait: string } {
  const slash = ref.indexOf('/');
  return slash > 0 ? { layer: ref.slice(0, slash), trait: ref.slice(slash + 1) } : { layer: '', trait: ref };
}

/** What the rule form holds while the user fills it in. */
export interface RuleDraft {
  kind: RuleKind;
  trait?: string | undefined;
  other?: string | undefined;
  layer?: string | undefined;
  traits?: readonly string[] | undefined;
}

function exists(layers: readonly RuleLayer[], ref: string): boolean {
  const { layer, trait } = parseTraitRef(ref);
  return layers.some(
    (candidate) => candidate.name === layer && candidate.traits.some((t) => t.name === trait),
  );
}

function sameRule(a: ProjectRule, b: ProjectRule): boolean {
  if (a.kind !== b.kind || a.trait !== b.trait) return false;
  if (a.kind === 'requires-one-of' && b.kind === 'requires-one-of') {
    return a.layer === b.layer && [...a.traits].sort().join('\n') === [...b.traits].sort().join('\n');
  }
  if (a.kind !== 'requires-one-of' && b.kind !== 'requires-one-of') return a.other === b.other;
  return false;
}

/** Turns the rule form into a rule, or says what is missing or wrong with it. */
export function buildRule(
  draft: RuleDraft,
  layers: readonly RuleLayer[],
  existing: readonly ProjectRule[] = [],
): { rule: ProjectRule } | { error: string } {
  if (!draft.trait) return { error: 'Choose the trait the rule is about' };
  if (!exists(layers, draft.trait)) return { error: 'That trait is no longer in the project' };
  const own = parseTraitRef(draft.trait);
  let rule: ProjectRule;
  if (draft.kind === 'requires-one-of') {
    if (!draft.layer) return { error: 'Choose the layer it needs a trait of' };
    if (draft.layer === own.layer) return { error: 'Choose another layer than the trait’s own' };
    const layer = layers.find((candidate) => candidate.name === draft.layer);
    if (!layer) return { error: 'That layer is no longer in the project' };
    const traits = (draft.traits ?? []).filter((name) => layer.traits.some((t) => t.name === name));
    if (traits.length === 0) return { error: `Choose at least one trait of ${layer.name}` };
    rule = { kind: 'requires-one-of', trait: draft.trait, layer: layer.name, traits };
  } else {
    if (!draft.other) return { error: 'Choose the other trait' };
    if (!exists(layers, draft.other)) return { error: 'That trait is no longer in the project' };
    if (parseTraitRef(draft.other).layer === own.layer) {
      return { error: 'Choose a trait of another layer (a token has one trait per layer)' };
    }
    rule = { kind: draft.kind, trait: draft.trait, other: draft.other };
  }
  // "A excludes B" and "B excludes A" say the same thing.
  const mirrored =
    rule.kind === 'excludes' &&
    existing.some((old) => old.kind === 'excludes' && old.trait === rule.other && old.other === rule.trait);
  if (mirrored || existing.some((old) => sameRule(old, rule))) return { error: 'This rule is already there' };
  return { rule };
}

/** "Hat/Red Cap" → "Red Cap (Hat)": how a trait reads in a sentence. */
export function traitLabel(ref: string): string {
  const { layer, trait } = parseTraitRef(ref);
  return layer ? `${trait} (${layer})` : trait;
}

/** A rule as a sentence: "Red Cap (Hat) excludes Blue (Eyes)". */
export function describeRule(rule: ProjectRule): string {
  if (rule.kind === 'requires-one-of') {
    return `${traitLabel(rule.trait)} requires one of ${rule.layer}: ${rule.traits.join(', ')}`;
  }
  return `${traitLabel(rule.trait)} ${rule.kind} ${traitLabel(rule.other)}`;
}

/** Rules after a trait is renamed, so they keep pointing at it. */
export function renameTraitInRules(
  rules: readonly ProjectRule[],
  layer: string,
  from: string,
  to: string,
): ProjectRule[] {
  const fromRef = traitRef(layer, from);
  const toRef = traitRef(layer, to);
  const swap = (ref: string) => (ref === fromRef ? toRef : ref);
  return rules.map((rule) =>
    rule.kind === 'requires-one-of'
      ? {
          ...rule,
          trait: swap(rule.trait),
          traits: rule.layer === layer ? rule.traits.map((name) => (name === from ? to : name)) : rule.traits,
        }
      : { ...rule, trait: swap(rule.trait), other: swap(rule.other) },
  );
}

/** Rules after a layer is renamed. */
export function renameLayerInRules(rules: readonly ProjectRule[], from: string, to: string): ProjectRule[] {
  const swap = (ref: string) => {
    const parsed = parseTraitRef(ref);
    return parsed.layer === from ? traitRef(to, parsed.trait) : ref;
  };
  return rules.map((rule) =>
    rule.kind === 'requires-one-of'
      ? { ...rule, trait: swap(rule.trait), layer: rule.layer === from ? to : rule.layer }
      : { ...rule, trait: swap(rule.trait), other: swap(rule.other) },
  );
}

/** Rules that still name existing layers and traits (after a delete); a requires-one-of keeps its remaining traits. */
export function pruneRules(rules: readonly ProjectRule[], layers: readonly RuleLayer[]): ProjectRule[] {
  const result: ProjectRule[] = [];
  for (const rule of rules) {
    if (!exists(layers, rule.trait)) continue;
    if (rule.kind === 'requires-one-of') {
      const layer = layers.find((candidate) => candidate.name === rule.layer);
      const traits = rule.traits.filter((name) => layer?.traits.some((t) => t.name === name));
      if (traits.length > 0) result.push({ ...rule, traits });
    } else if (exists(layers, rule.other)) {
      result.push(rule);
    }
  }
  return result;
}

import type { TraitRef } from './collection-spec.ts';

type ParsedRule =
  | { trait: TraitRef; excludes: TraitRef }
  | { trait: TraitRef; requires: TraitRef }
  | { trait: TraitRef; requiresOneOf: { layer: string; traits: string[] } };

/**
 * Parses a rule written as text: `A excludes B`, `A requires B`, `A requires one of L {x, y}`.
 * Returns the rule, or a message saying what is wrong.
 */
export function parseRuleText(text: string): ParsedRule | string {
  const oneOf = /^(.+?)\s+requires\s+one\s+of\s+(.+?)\s*[:{]\s*(.+?)\s*\}?\s*$/i.exec(text.trim());
  if (oneOf) {
    const traits = oneOf[3]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name.length > 0);
    if (traits.length === 0) return `Rule "${text}" lists no traits`;
    return { trait: traitRef(oneOf[1]!), requiresOneOf: { layer: oneOf[2]!.trim(), traits } };
  }
  const pair = /^(.+?)\s+(excludes|requires)\s+(.+)$/i.exec(text.trim());
  if (!pair)
    return `Rule "${text}" is not "A excludes B", "A requires B" or "A requires one of Layer {x, y}"`;
  const trait = traitRef(pair[1]!);
  const other = traitRef(pair[3]!);
  return pair[2]!.toLowerCase() === 'excludes' ? { trait, excludes: other } : { trait, requires: other };
}

function traitRef(text: string): TraitRef {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  return slash > 0
    ? { layer: trimmed.slice(0, slash).trim(), trait: trimmed.slice(slash + 1).trim() }
    : { layer: undefined, trait: trimmed };
}

/** OpenRarity's meta trait (how many traits a token has), as the rarity report names it. */
export const TRAIT_COUNT_TYPE = 'meta_trait:trait_count';

/** Whole percent done, never 100 before the last token is done. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  if (done >= total) return 100;
  return Math.min(99, Math.floor((done / total) * 100));
}

/** Time left in words: "about 5 s left", "about 2 min 10 s left", "about 1 h 5 min left". */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return 'Estimating time left…';
  }
  const total = Math.max(1, Math.round(seconds));
  if (total < 60) return `about ${total} s left`;
  if (total < 3600) {
    const minutes = Math.floor(total / 60);
    const rest = total % 60;
    return rest === 0 ? `about ${minutes} min left` : `about ${minutes} min ${rest} s left`;
  }
  const hours = Math.floor(total / 3600);
  const minutes = Math.round((total % 3600) / 60);
  return minutes === 0 ? `about ${hours} h left` : `about ${hours} h ${minutes} min left`;
}

/** "12 of 20 images" with thousands separators. */
export function formatProgressCount(done: number, total: number): string {
  return `${formatCount(done)} of ${formatCount(total)} images`;
}

/** 10000 → "10,000". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** A share in 0..1 as a percentage with as many decimals as it needs: "25%", "3.3%", "0.05%", "<0.01%". */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent === 0) return '0%';
  if (percent < 0.01) return '<0.01%';
  const digits = percent >= 10 ? 0 : percent >= 1 ? 1 : 2;
  const text = percent
    .toFixed(digits)
    .replace(/\.0+$/, '')
    .replace(/(\.\d*?)0+$/, '$1');
  return `${text}%`;
}

/** An ISO date as "Nov 23, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Rank 3 of 20". */
export function rankLabel(rank: number, total: number): string {
  return `Rank ${formatCount(rank)} of ${formatCount(total)}`;
}

/** A trait type as people read it: OpenRarity's meta trait becomes "Trait count". */
export function traitTypeLabel(type: string): string {
  return type === TRAIT_COUNT_TYPE ? 'Trait count' : type;
}

/** A token's accessible name, "<name> #<edition>" (the engine's names already end in "#<edition>"). */
export function tokenLabel(token: { name: string; edition: number }): string {
  return token.name.endsWith(`#${token.edition}`) ? token.name : `${token.name} #${token.edition}`;
}

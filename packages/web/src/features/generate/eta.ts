/** "a few seconds left", "about 45 s left", "about 3 min left", "about 1 h 5 min left". */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return 'Estimating time left…';
  }
  const whole = Math.round(seconds);
  if (whole < 5) return 'A few seconds left';
  if (whole < 60) return `About ${whole} s left`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `About ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `About ${hours} h left` : `About ${hours} h ${rest} min left`;
}

/** Whole percent done, 0–100 (100 only once every token is done). */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  const percent = Math.floor((done / total) * 100);
  return Math.min(100, Math.max(0, percent));
}

/** A count sent as a decimal string (it can pass 2^53) with thousands separators: "1,234,567". */
export function formatBigCount(count: string): string {
  if (!/^\d+$/.test(count)) return count;
  return count.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whether a decimal-string count is smaller than a number, exactly (no float rounding). */
export function countBelow(count: string, size: number): boolean {
  if (!/^\d+$/.test(count) || !Number.isFinite(size)) return false;
  return BigInt(count) < BigInt(Math.floor(size));
}

/** The expiry choices of the Create API key form, in days (null: never). */
export const expiryChoices = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In 1 year', days: 365 },
] as const;
export type ExpiryChoice = (typeof expiryChoices)[number]['value'];

/** The ISO time a choice expires at, counted from `now` (null for "Never"). */
export function expiresAtFor(choice: ExpiryChoice, now: number = Date.now()): string | null {
  const days = expiryChoices.find((option) => option.value === choice)?.days ?? null;
  return days === null ? null : new Date(now + days * 86_400_000).toISOString();
}

/** A date as the key list shows it, e.g. "25 Nov 2026". */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * The referral code a visitor arrived with (`/?ref=CODE`), kept in this browser for 30 days so that a
 * sign-up later (after reading the site, or on another visit) still credits the person who shared the link.
 * Plain code with no imports: the landing page runs it.
 */
const KEY = 'layerloom.referral';
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const CODE = /^[A-Za-z0-9]{6,16}$/;

/** Keeps the `ref` of a query string, if it looks like a code. */
export function rememberReferralCode(search: string, now = Date.now()): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (!code || !CODE.test(code)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: now }));
  } catch {
    // Storage refused (private mode): the code is simply not kept.
  }
}

/** The code kept in this browser, unless it is older than 30 days. */
export function storedReferralCode(now = Date.now()): string | undefined {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null || !('code' in kept) || !('at' in kept)) return undefined;
    const { code, at } = kept as { code: unknown; at: unknown };
    if (typeof code !== 'string' || !CODE.test(code) || typeof at !== 'number' || now - at > KEEP_MS)
      return undefined;
    return code;
  } catch {
    return undefined;
  }
}

/** Forgets the code once it was used for a sign-up. */
export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

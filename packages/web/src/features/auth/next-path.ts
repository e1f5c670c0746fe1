const HOME = '/dashboard';

/**
 * The page to open after login: `next` when it is a path on this site, else the dashboard. Anything
 * that would resolve to another origin (`//host`, `/\host`, `https:`, tab tricks) is refused, so a
 * crafted link cannot send a user elsewhere after they sign in.
 */
export function nextPathAfterLogin(next: string | null | undefined): string {
  if (!next?.startsWith('/')) return HOME;
  const base = 'https://layerloom.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return HOME;
  }
  if (url.origin !== base || next.startsWith('//') || next.includes('\\')) return HOME;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Back to a login or reset screen would be a loop.
  return path.startsWith('/auth/') ? HOME : path;
}

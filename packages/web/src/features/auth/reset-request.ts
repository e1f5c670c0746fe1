/** Where a password reset stands between its three screens: the opaque request id the server gave. */
export interface ResetRequest {
  /** The reset request's opaque id from `forgot-password` (never a user id). */
  id: string;
  /** The address the code was sent to, to show it and to ask for a new code. */
  email: string;
  /** True once the mailed code was accepted. */
  verified: boolean;
}

const KEY = 'layerloom.reset-request';

/** The reset in progress in this tab (sessionStorage, so a reload keeps it and a new tab does not). */
export function loadResetRequest(): ResetRequest | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<ResetRequest> | null;
    if (value && typeof value.id === 'string' && typeof value.email === 'string') {
      return { id: value.id, email: value.email, verified: value.verified === true };
    }
  } catch {
    // A damaged entry is the same as none: the user starts the reset again.
  }
  return null;
}

/** Remembers the reset in progress for this tab. */
export function saveResetRequest(request: ResetRequest): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(request));
  } catch {
    // Storage can be unavailable (private modes); navigation state still carries the request.
  }
}

/** Forgets the reset in progress (done, or started again). */
export function clearResetRequest(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** The reset request from navigation state when it has one, else from this tab's storage. */
export function resetRequestFrom(state: unknown): ResetRequest | null {
  const fromState = (state as { resetRequest?: ResetRequest } | null)?.resetRequest;
  if (fromState && typeof fromState.id === 'string' && typeof fromState.email === 'string') return fromState;
  return loadResetRequest();
}

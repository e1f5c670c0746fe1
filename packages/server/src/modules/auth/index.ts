export { authPlugin } from './auth.plugin.ts';
export type { AuthUser } from './auth-user.ts';
export { currentUser, loadUser, requireAdmin, requireUser } from './require-user.ts';
export { SESSION_COOKIE } from './session-cookie.ts';

export type { EnsureAdminResult } from './ensure-admin.ts';
export { describeEnsureAdmin, ensureAdmin, GENERATED_ADMIN_EMAIL } from './ensure-admin.ts';

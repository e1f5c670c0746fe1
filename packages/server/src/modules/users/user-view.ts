import {
  type AccountStatus,
  AccountStatusSchema,
  PlanIdSchema,
  type RoleName,
  RoleNameSchema,
  type User,
} from '@layerloom/api';
import type { UserRow } from './users.repository.ts';

/** The user as the API shows it; never includes the password hash. */
export function toPublicUser(row: UserRow): User {
  return {
    _id: row.id,
    name: { first: row.first_name, last: row.last_name },
    email: row.email,
    avatar: row.avatar,
    role: roleOf(row),
    status: row.email_verified_at ? 'verified' : 'unverified',
    accountAccepted: { status: accountStatusOf(row), reason: row.account_reason },
    planId: PlanIdSchema.parse(row.plan_id),
    createdAt: row.created_at,
  };
}

export function roleOf(row: UserRow): RoleName {
  return RoleNameSchema.parse(row.role);
}

export function accountStatusOf(row: UserRow): AccountStatus {
  return AccountStatusSchema.parse(row.account_status);
}

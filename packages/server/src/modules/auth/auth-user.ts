import type { PlanId, RoleName } from '@layerloom/api';

/** The signed-in user, as `request.user` carries it after `requireUser`. */
export interface AuthUser {
  id: string;
  email: string;
  role: RoleName;
  planId: PlanId;
  firstName: string;
  lastName: string;
  /** The id of the session this request came with (`api-key:<id>` for a request made with an API key). */
  sessionId: string;
  /** The API key the request came with, when it came with one instead of a session. */
  apiKeyId?: string;
}

import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { WorkspaceRoleSchema } from '../workspaces/workspace.ts';

/** How long an open editor counts as present after its last heartbeat, in seconds. */
export const PRESENCE_TTL_SECONDS = 45;
/** How often an open editor sends its heartbeat, in seconds (well inside the TTL). */
export const PRESENCE_HEARTBEAT_SECONDS = 15;

/** A member who has the project open in the editor now (one entry per member, however many tabs). */
export const ProjectViewerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: WorkspaceRoleSchema,
  /** When they opened it (their earliest open tab). */
  since: z.string(),
  /** True for the caller. */
  you: z.boolean(),
});
export type ProjectViewer = z.infer<typeof ProjectViewerSchema>;

/** Who has a project open now; also the data of a live `presence` event. */
export const ProjectPresenceSchema = z.object({
  projectId: z.string(),
  viewers: z.array(ProjectViewerSchema),
});
export type ProjectPresence = z.infer<typeof ProjectPresenceSchema>;

const ProjectParams = z.object({ id: z.string().min(1).max(64) });
const TabIdSchema = z
  .string({ message: 'Send the tab id' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The tab id must be 8 to 64 letters, digits, - or _');

export const PresenceBodySchema = z.object({ tabId: TabIdSchema });
export type PresenceInput = z.infer<typeof PresenceBodySchema>;

/** `GET /api/v1/projects/:id/presence`: the members who have the project open now (any member). */
export const getProjectPresence = {
  method: 'GET',
  path: '/api/v1/projects/:id/presence',
  params: ProjectParams,
  response: successSchema(ProjectPresenceSchema),
} as const;

/**
 * `PUT /api/v1/projects/:id/presence`: the caller's editor tab is open (its heartbeat, every
 * PRESENCE_HEARTBEAT_SECONDS); answers who has it open. Others with it open get a live `presence` event
 * when someone arrives or leaves.
 */
export const announceProjectPresence = {
  method: 'PUT',
  path: '/api/v1/projects/:id/presence',
  params: ProjectParams,
  body: PresenceBodySchema,
  response: successSchema(ProjectPresenceSchema),
} as const;

/** `DELETE /api/v1/projects/:id/presence?tabId=…`: the caller's tab closed the editor. */
export const leaveProjectPresence = {
  method: 'DELETE',
  path: '/api/v1/projects/:id/presence',
  params: ProjectParams,
  querystring: PresenceBodySchema,
  response: successSchema(ProjectPresenceSchema),
} as const;

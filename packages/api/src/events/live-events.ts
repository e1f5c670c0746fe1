import { z } from 'zod';

/**
 * `GET /api/v1/events`: the signed-in user's server-sent event stream. Each event carries an `id` (the
 * user's event number); a client reconnecting with `Last-Event-ID` receives every event after it, so
 * nothing is missed. The first event of a connection is `ready`; `resync` says events were missed beyond
 * what is kept (refetch what is on screen). Comments (`: heartbeat`) keep the connection open.
 */
export const streamLiveEvents = {
  method: 'GET',
  path: '/api/v1/events',
  headers: z.object({
    'last-event-id': z
      .string()
      .regex(/^\d{1,15}$/, { message: 'Last-Event-ID must be an event number' })
      .optional(),
  }),
} as const;

/** The event types the stream carries, with the data each one holds (see the notifications contract). */
export const liveEventTypes = [
  'ready',
  'resync',
  'notification',
  'notifications.read',
  'message',
  'messages.read',
  'presence',
  'project.saved',
] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

/** The data of a `project.saved` event: a member saved a project the user has open (its new version, and who). */
export const ProjectSavedEventSchema = z.object({
  projectId: z.string(),
  version: z.number().int(),
  by: z.string(),
});
export type ProjectSavedEvent = z.infer<typeof ProjectSavedEventSchema>;

/** The data of a `ready` event: the newest event number when the connection opened. */
export const LiveReadySchema = z.object({ latest: z.number().int() });

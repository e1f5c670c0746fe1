import {
  type announceProjectPresence,
  type getProjectPresence,
  type leaveProjectPresence,
  PRESENCE_HEARTBEAT_SECONDS,
  type ProjectPresence,
  type ProjectViewer,
} from '@layerloom/api';
import { useEffect, useState } from 'react';
import { call, type EndpointRef, endpointUrl } from '../../lib/api.ts';
import { useLiveEvents } from '../live/use-live-events.ts';

const announceEndpoint: EndpointRef<typeof announceProjectPresence> = {
  method: 'PUT',
  path: '/api/v1/projects/:id/presence',
};
const leaveEndpoint: EndpointRef<typeof leaveProjectPresence> = {
  method: 'DELETE',
  path: '/api/v1/projects/:id/presence',
};
export const presenceEndpoint: EndpointRef<typeof getProjectPresence> = {
  method: 'GET',
  path: '/api/v1/projects/:id/presence',
};

/** Projects deleted in this tab: their editor says no goodbye and sends no beat (the server forgot them). */
const deleted = new Set<string>();

/** Tells the presence of a project's editor that the project was just deleted (before the editor closes). */
export function projectDeleted(projectId: string): void {
  deleted.add(projectId);
}

/** A random id for this tab's presence (letters and digits, as the server asks). */
function newTabId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Who else has the project open: this tab announces itself when the editor opens and every
 * PRESENCE_HEARTBEAT_SECONDS after, says goodbye when it closes (also when the page is left), and takes
 * arrivals and departures from the live stream between beats. A failed beat keeps the last list.
 */
export function useProjectPresence(projectId: string): ProjectViewer[] {
  const [presence, setPresence] = useState<ProjectPresence | null>(null);

  useLiveEvents('presence', (data) => {
    const event = data as ProjectPresence;
    if (event?.projectId === projectId) setPresence(event);
  });

  useEffect(() => {
    const tabId = newTabId();
    let stopped = false;
    const beat = () => {
      if (deleted.has(projectId)) return;
      call(announceEndpoint, { params: { id: projectId }, body: { tabId } }).then(
        (answer) => stopped || setPresence(answer.data),
        () => undefined,
      );
    };
    const leave = () => {
      if (deleted.has(projectId)) return;
      // keepalive lets the goodbye go out while the page unloads.
      void fetch(endpointUrl(leaveEndpoint, { id: projectId }, { tabId }), {
        method: 'DELETE',
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_SECONDS * 1000);
    window.addEventListener('pagehide', leave);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
      setPresence(null);
    };
  }, [projectId]);

  return presence?.projectId === projectId ? presence.viewers : [];
}

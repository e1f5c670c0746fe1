import type { listWorkspaces } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call, type EndpointRef } from '../../lib/api.ts';
import { type Permission, permission, type WorkspaceAction } from './permissions.ts';
import {
  PERSONAL_FALLBACK,
  pickWorkspace,
  readStoredWorkspace,
  storeWorkspace,
  type WorkspaceChoice,
  workspaceChoices,
  workspaceParam,
} from './workspace-choice.ts';

// By method and path only: the header is on every dashboard page, whose first screen loads no API schemas.
const listEndpoint: EndpointRef<typeof listWorkspaces> = { method: 'GET', path: '/api/v1/workspaces' };

/** The workspaces list's query key: the same as the Teams page's, so both share one answer. */
export const workspacesKey = ['workspaces'] as const;

/** The address's query parameter naming the workspace a list shows. */
export const WORKSPACE_PARAM = 'workspace';

/** The workspace the dashboard works in, and the others to switch to. */
export interface WorkspaceState {
  /** The personal workspace first, then the teams by name. */
  workspaces: WorkspaceChoice[];
  current: WorkspaceChoice;
  /** False until the list of workspaces is known (or failed): lists wait for it to ask the right one. */
  ready: boolean;
  /** Why the list of workspaces could not be read, if it could not. */
  error: unknown;
  /** Makes another workspace the current one (remembered in this browser, and in the address if it names one). */
  switchTo: (id: string) => void;
}

/** Outside the dashboard (and in tests of a single page), everything is the personal workspace. */
const WorkspaceContext = createContext<WorkspaceState>({
  workspaces: [PERSONAL_FALLBACK],
  current: PERSONAL_FALLBACK,
  ready: true,
  error: null,
  switchTo: () => undefined,
});

/**
 * Keeps the current workspace for the dashboard: the one `?workspace=` names, else the one last chosen in this
 * browser (localStorage), else the personal one.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const list = useQuery({
    queryKey: workspacesKey,
    queryFn: async ({ signal }) => (await call(listEndpoint, { signal })).data.workspaces,
  });
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(WORKSPACE_PARAM);
  const [chosen, setChosen] = useState(readStoredWorkspace);
  const workspaces = useMemo(() => workspaceChoices(list.data ?? []), [list.data]);
  const current = pickWorkspace(workspaces, [fromUrl, chosen]);
  // Nothing chosen anywhere: the personal workspace is certain before the list comes.
  const ready = list.isSuccess || list.isError || (!fromUrl && !chosen);

  // A workspace the address names (a shared link, Back) becomes the one remembered.
  useEffect(() => {
    if (list.isSuccess && fromUrl && current.id === fromUrl && fromUrl !== chosen) {
      setChosen(fromUrl);
      storeWorkspace(fromUrl);
    }
  }, [list.isSuccess, fromUrl, current.id, chosen]);

  const switchTo = useCallback(
    (id: string) => {
      setChosen(id);
      storeWorkspace(id);
      setParams(
        (previous) => {
          if (!previous.has(WORKSPACE_PARAM)) return previous;
          const next = new URLSearchParams(previous);
          next.set(WORKSPACE_PARAM, id);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const value = useMemo(
    () => ({ workspaces, current, ready, error: list.error, switchTo }),
    [workspaces, current, ready, list.error, switchTo],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

/** The dashboard's current workspace and the ones to switch to. */
export function useWorkspace(): WorkspaceState {
  return useContext(WorkspaceContext);
}

/**
 * What a list asks for: its query-key part (so lists refetch on a switch), the `workspace` parameter to
 * send, and whether the workspace is known yet.
 */
export function useWorkspaceScope(): { key: string; param: string | undefined; ready: boolean } {
  const { current, ready } = useWorkspace();
  const param = workspaceParam(current);
  return { key: param ?? 'personal', param, ready };
}

/** A list page names its workspace in the address (`?workspace=`), so a link to it shows the same list. */
export function useWorkspaceInUrl(): void {
  const { current, ready } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const named = params.get(WORKSPACE_PARAM);
  // The stand-in for the personal workspace before the list has come is not a workspace the server knows.
  const standIn = current === PERSONAL_FALLBACK;
  useEffect(() => {
    if (!ready || standIn || named === current.id) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(WORKSPACE_PARAM, current.id);
        return next;
      },
      { replace: true },
    );
  }, [ready, standIn, named, current.id, setParams]);
}

/**
 * Whether the member may do `action` in a workspace (the current one, or the one a resource belongs to), with
 * the reason shown beside the disabled control when not.
 */
export function usePermission(
  action: WorkspaceAction,
  doing: string,
  workspaceId?: string | null,
): Permission {
  const { workspaces, current } = useWorkspace();
  const workspace = (workspaceId && workspaces.find((item) => item.id === workspaceId)) || current;
  return permission(workspace, action, doing);
}

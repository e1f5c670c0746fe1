import type { WorkspaceRole, WorkspaceSummary } from '@layerloom/api';

/**
 * A workspace the user can work in: their personal one or a team's. `personal` comes from the server's list;
 * a list without a personal entry gets {@link PERSONAL_FALLBACK} in front.
 */
export type WorkspaceChoice = Pick<WorkspaceSummary, 'id' | 'name'> & {
  personal: boolean;
  role: WorkspaceRole;
};

/**
 * The personal workspace when the server's list does not name it: lists without `?workspace=` are the
 * personal ones, so its id is never sent.
 */
export const PERSONAL_FALLBACK: WorkspaceChoice = {
  id: 'personal',
  name: 'Personal',
  personal: true,
  role: 'owner',
};

/** Where the browser keeps the workspace last chosen. */
export const WORKSPACE_STORAGE_KEY = 'layerloom.workspace';

/** The list to choose from: the personal workspace first, then the teams by name. */
export function workspaceChoices(
  list: readonly (Pick<WorkspaceSummary, 'id' | 'name' | 'role'> & { personal?: boolean })[],
): WorkspaceChoice[] {
  const choices = list.map((item) => ({
    id: item.id,
    name: item.name,
    role: item.role,
    personal: item.personal === true,
  }));
  const personal = choices.find((choice) => choice.personal) ?? PERSONAL_FALLBACK;
  const teams = choices
    .filter((choice) => !choice.personal)
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return [personal, ...teams];
}

/** The workspace to show: the one the address names, else the one last chosen, else the personal one. */
export function pickWorkspace(
  choices: readonly WorkspaceChoice[],
  wanted: readonly (string | null | undefined)[],
): WorkspaceChoice {
  for (const id of wanted) {
    const found = id ? choices.find((choice) => choice.id === id) : undefined;
    if (found) return found;
  }
  return choices.find((choice) => choice.personal) ?? PERSONAL_FALLBACK;
}

/** The `workspace` query parameter a list sends: none for the personal workspace (the server's default). */
export function workspaceParam(workspace: WorkspaceChoice): string | undefined {
  return workspace.personal ? undefined : workspace.id;
}

/** What the header shows for a workspace: "Personal" for one's own, else the team's name. */
export function workspaceLabel(workspace: WorkspaceChoice): string {
  return workspace.personal ? 'Personal' : workspace.name;
}

/** The workspace last chosen in this browser (null when storage is unavailable). */
export function readStoredWorkspace(): string | null {
  try {
    return window.localStorage.getItem(WORKSPACE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the workspace chosen, for the next visit (ignored when storage is unavailable). */
export function storeWorkspace(id: string): void {
  try {
    window.localStorage.setItem(WORKSPACE_STORAGE_KEY, id);
  } catch {
    // Private windows may refuse storage: the choice then lasts as long as the page.
  }
}

import { afterEach, describe, expect, it } from 'vitest';
import {
  PERSONAL_FALLBACK,
  pickWorkspace,
  readStoredWorkspace,
  storeWorkspace,
  workspaceChoices,
  workspaceLabel,
  workspaceParam,
} from './workspace-choice.ts';

afterEach(() => window.localStorage.clear());

const listed = [
  { id: 'w2', name: 'zebra Works', role: 'viewer' as const, personal: false },
  { id: 'me', name: 'Ada Lovelace', role: 'owner' as const, personal: true },
  { id: 'w1', name: 'Moon Studio', role: 'editor' as const, personal: false },
];

describe('the workspaces to choose from', () => {
  it('puts the personal workspace first, then the teams by name whatever their case', () => {
    expect(workspaceChoices(listed).map((choice) => choice.id)).toEqual(['me', 'w1', 'w2']);
  });

  it('adds the personal workspace when the server lists only teams', () => {
    const choices = workspaceChoices([{ id: 'w1', name: 'Moon Studio', role: 'editor' }]);
    expect(choices[0]).toEqual(PERSONAL_FALLBACK);
    expect(choices[1]).toMatchObject({ id: 'w1', personal: false });
  });

  it('shows the address’s workspace first, else the one remembered, else the personal one', () => {
    const choices = workspaceChoices(listed);
    expect(pickWorkspace(choices, ['w2', 'w1']).id).toBe('w2');
    expect(pickWorkspace(choices, [null, 'w1']).id).toBe('w1');
    // A team the user left, or a made-up id, falls back to their own workspace.
    expect(pickWorkspace(choices, ['gone', 'also-gone']).id).toBe('me');
  });

  it('sends no workspace parameter for the personal workspace, the team’s id otherwise', () => {
    const [personal, moon] = workspaceChoices(listed);
    expect(personal && workspaceParam(personal)).toBeUndefined();
    expect(moon && workspaceParam(moon)).toBe('w1');
    expect(personal && workspaceLabel(personal)).toBe('Personal');
    expect(moon && workspaceLabel(moon)).toBe('Moon Studio');
  });

  it('remembers the choice in this browser', () => {
    expect(readStoredWorkspace()).toBeNull();
    storeWorkspace('w1');
    expect(readStoredWorkspace()).toBe('w1');
  });
});

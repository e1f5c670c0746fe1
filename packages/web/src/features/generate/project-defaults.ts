import type { Draft } from './project-draft.ts';

/** The name a new project starts with. */
export const UNTITLED_PROJECT = 'Untitled project';

/** What the sample layers are, as the name and description they give a project left at its defaults. */
export const SAMPLE_PROJECT = {
  name: 'Sample critters',
  description: 'Little creatures from the sample layers: a background, a body, eyes and headwear.',
} as const;

/**
 * The settings "Start from sample layers" fills in: the name while it is still the default (or empty) and
 * the description while it is empty, so the sample can be generated at once; anything the creator typed
 * is kept. Empty when there is nothing to fill.
 */
export function sampleSettings(draft: Pick<Draft, 'name' | 'description'>): {
  name?: string;
  description?: string;
} {
  const filled: { name?: string; description?: string } = {};
  const name = draft.name.trim();
  if (name === '' || name === UNTITLED_PROJECT) filled.name = SAMPLE_PROJECT.name;
  if (draft.description.trim() === '') filled.description = SAMPLE_PROJECT.description;
  return filled;
}

import type { DraftLayer } from './project-draft.ts';

/** Tests' draft layer: saved (its id is its name), drawn plainly, with the traits given. */
export function draftLayer(name: string, traits: DraftLayer['traits'] = []): DraftLayer {
  return { key: name, id: name, name, presence: 100, blend: 'normal', opacity: 1, traits };
}

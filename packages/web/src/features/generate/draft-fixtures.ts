import { DEFAULT_ANIMATION_SETTINGS, DEFAULT_METADATA_FORMAT_SETTINGS, type Project } from '@layerloom/api';
import type { DraftLayer } from './project-draft.ts';

/** Tests' saved project: a new one, no layers yet, at version 1. */
export const emptyProject: Project = {
  id: 'p1',
  name: 'Moon Cats',
  description: '',
  collectionSize: 20,
  width: 512,
  height: 512,
  rarityMode: 'weighted',
  seed: 'abc',
  layers: [],
  rules: [],
  configurations: [],
  oneOfOnes: [],
  animation: DEFAULT_ANIMATION_SETTINGS,
  metadata: DEFAULT_METADATA_FORMAT_SETTINGS,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  version: 1,
  updatedBy: null,
};

/** Tests' draft layer: saved (its id is its name), drawn plainly, with the traits given. */
export function draftLayer(name: string, traits: DraftLayer['traits'] = []): DraftLayer {
  return { key: name, id: name, name, presence: 100, blend: 'normal', opacity: 1, traits };
}

import type { Collection, ProjectSummary } from '@layerloom/api';
import { describe, expect, it } from 'vitest';
import { lastGenerated, projectToOpen } from './project-choice.ts';

const summary = (id: string): ProjectSummary => ({
  id,
  name: id,
  collectionSize: 10,
  layerCount: 1,
  traitCount: 2,
  updatedAt: '2026-01-01T00:00:00Z',
});

const made = (
  id: string,
  projectId: string | null,
  status: Collection['progress']['status'],
): Collection => ({
  id,
  name: id,
  description: '',
  size: 10,
  width: 64,
  height: 64,
  projectId,
  watermark: false,
  thumbnail: null,
  createdAt: '2026-01-01T00:00:00Z',
  progress: { status, done: 0, total: 10, etaSeconds: null, error: null },
});

describe('projectToOpen', () => {
  it('opens the most recent project that has not made its collection, or none (a new one is started)', () => {
    const projects = [summary('recent'), summary('older'), summary('oldest')];
    expect(projectToOpen(projects, [])).toBe('recent');
    expect(projectToOpen(projects, [made('c1', 'recent', 'ready')])).toBe('older');
    // A generation that failed, was cancelled or is still running leaves the project to work on.
    expect(
      projectToOpen(projects, [
        made('c1', 'recent', 'failed'),
        made('c2', 'recent', 'cancelled'),
        made('c3', 'recent', 'generating'),
      ]),
    ).toBe('recent');
    expect(
      projectToOpen(projects, [
        made('c1', 'recent', 'ready'),
        made('c2', 'older', 'ready'),
        made('c3', 'oldest', 'ready'),
      ]),
    ).toBeNull();
    expect(projectToOpen([], [])).toBeNull();
  });

  it("gives a project's newest finished collection", () => {
    const collections = [
      made('new', 'p1', 'generating'),
      made('mid', 'p1', 'ready'),
      made('old', 'p1', 'ready'),
    ];
    expect(lastGenerated(collections, 'p1')?.id).toBe('mid');
    expect(lastGenerated(collections, 'p2')).toBeUndefined();
    expect(lastGenerated([made('x', null, 'ready')], 'p1')).toBeUndefined();
  });
});

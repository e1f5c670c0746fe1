import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each package is a project with its own config when it needs one.
export default defineConfig({
  test: {
    projects: ['packages/*', 'e2e'],
    // Vitest's default (cores − 1) is one worker on a two-core machine, which ran the whole suite one
    // file at a time although most files mostly wait (on a browser, a server process, a chain or a
    // database). With two at once a clean CI run kept 1.18 of 2 cores busy (42 CPU-minutes in 35.5
    // minutes), with three 1.31 (44.5 CPU-minutes in 34.1): at least three files run at once. Four timed
    // out a browser test (124 s of its 120) on a machine loaded by other work: not kept.
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});

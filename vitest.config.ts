import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each package is a project with its own config when it needs one.
export default defineConfig({
  test: {
    projects: ['packages/*', 'e2e'],
  },
});

import { afterEach } from 'vitest';
import { reportOpenPages } from './browser.ts';

// A failed browser test prints what every open page showed: CI keeps only the log.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await reportOpenPages(task.name);
});

import { readFileSync } from 'node:fs';

/** The server package's version, reported by the health check and the API docs. */
export const version: string = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
).version;

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlanAmendment } from '../sample/amend-plan.ts';

/** Where an output folder keeps its rerolls and growth, in order, so every later command replays them. */
export const AMENDMENTS_FILE = '.layerloom-amendments.json';

/** The rerolls and growth an output folder holds (none for a collection never changed). */
export async function readAmendments(out: string): Promise<PlanAmendment[]> {
  try {
    return JSON.parse(await readFile(path.join(out, AMENDMENTS_FILE), 'utf8')) as PlanAmendment[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

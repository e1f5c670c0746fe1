import type { FieldError } from '@layerloom/api';

/** A malformed line of an uploaded allowlist, as the server named it. */
export interface AllowlistLineProblem {
  line: number;
  message: string;
}

/**
 * The lines the server refused (`fields[].path` = `csv.<line>`), in file order, each message starting
 * with its line number so it reads on its own.
 */
export function allowlistLineProblems(fields: readonly FieldError[]): AllowlistLineProblem[] {
  const problems: AllowlistLineProblem[] = [];
  for (const field of fields) {
    const match = /^csv\.(\d+)$/.exec(field.path);
    if (!match) continue;
    const line = Number(match[1]);
    const message = /^line \d+/i.test(field.message) ? field.message : `Line ${line}: ${field.message}`;
    problems.push({ line, message });
  }
  return problems.sort((a, b) => a.line - b.line);
}

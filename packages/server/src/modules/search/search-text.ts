/** The most words of a search that are used; the rest are ignored. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 64;

/** What a search text asks for: words (each matched as a prefix, all required) and maybe an edition number. */
export interface SearchText {
  terms: string[];
  /** Set when the whole text is an edition number: `12` or `#12`. */
  edition: number | null;
}

/**
 * Reads what a user typed into words of letters and digits. Everything else (quotes, `*`, `-`,
 * parentheses, `:`) only separates words, and every word is later quoted, so no text can reach the
 * full-text engines as query syntax (`NEAR`, `OR`, `-x`, `"…"` are plain words or nothing).
 */
export function parseSearchText(text: string): SearchText {
  const normalized = text.normalize('NFKC').toLowerCase();
  const edition = /^#?\s*(\d{1,9})$/.exec(normalized.trim());
  const words = normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words.map((word) => word.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
  return { terms, edition: edition ? Number(edition[1]) : null };
}

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A workspace id as the index holds it: letters and digits only (one FTS token), as migration 0200 writes it. */
export function workspaceToken(workspaceId: string): string {
  return workspaceId.replaceAll(/[-_]/g, '');
}

/**
 * An SQLite FTS5 MATCH expression: the kind, the workspaces (any of them; none given: every document of the
 * kind) and every term as a prefix, all required.
 */
export function ftsMatch(
  terms: readonly string[],
  filter: { kind: string; workspaceIds?: readonly string[] | null },
): string {
  const parts = [`kind : ${quote(filter.kind)}`];
  if (filter.workspaceIds && filter.workspaceIds.length > 0) {
    const workspaces = filter.workspaceIds.map((id) => quote(workspaceToken(id)));
    parts.push(`workspace : (${workspaces.join(' OR ')})`);
  }
  parts.push(`body : (${terms.map((term) => `${quote(term)}*`).join(' AND ')})`);
  return parts.join(' AND ');
}

/** A PostgreSQL `to_tsquery('simple', …)` text: every term as a prefix, all required. */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => `'${term.replaceAll("'", "''")}':*`).join(' & ');
}

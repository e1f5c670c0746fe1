import { describe, expect, it } from 'vitest';
import { ftsMatch, parseSearchText, tsQuery } from './search-text.ts';

describe('parseSearchText', () => {
  it('keeps words of letters and digits, lower case, once each', () => {
    expect(parseSearchText('Gold  HAT gold')).toEqual({ terms: ['gold', 'hat'], edition: null });
    expect(parseSearchText('Crème brûlée')).toEqual({ terms: ['crème', 'brûlée'], edition: null });
  });

  it('reads an edition number with or without #', () => {
    expect(parseSearchText('#12')).toEqual({ terms: ['12'], edition: 12 });
    expect(parseSearchText(' 7 ')).toEqual({ terms: ['7'], edition: 7 });
    expect(parseSearchText('#12 gold').edition).toBeNull();
  });

  it('turns query syntax into plain words or nothing', () => {
    expect(parseSearchText('NEAR("gold" crown)').terms).toEqual(['near', 'gold', 'crown']);
    expect(parseSearchText('-gold* OR hat:').terms).toEqual(['gold', 'or', 'hat']);
    expect(parseSearchText('"*()^:-').terms).toEqual([]);
  });

  it('uses at most 8 words of at most 64 characters', () => {
    const text = parseSearchText(`${'a'.repeat(100)} b c d e f g h i j`);
    expect(text.terms).toHaveLength(8);
    expect(text.terms[0]).toHaveLength(64);
  });
});

describe('full-text expressions', () => {
  it('quotes every word as a prefix for SQLite FTS5, with the kind and any of the workspaces', () => {
    expect(ftsMatch(['gold', 'near'], { kind: 'token', workspaceIds: ['wsp_ab-cd'] })).toBe(
      'kind : "token" AND workspace : ("wspabcd") AND body : ("gold"* AND "near"*)',
    );
    expect(ftsMatch(['gold'], { kind: 'project', workspaceIds: ['wsp_a', 'ws_b"c'] })).toBe(
      'kind : "project" AND workspace : ("wspa" OR "wsb""c") AND body : ("gold"*)',
    );
    expect(ftsMatch(['ada'], { kind: 'user', workspaceIds: null })).toBe('kind : "user" AND body : ("ada"*)');
  });

  it('quotes every word as a prefix for PostgreSQL', () => {
    expect(tsQuery(['gold', 'hat'])).toBe("'gold':* & 'hat':*");
  });
});

import { describe, expect, it } from 'vitest';
import { allowlistLineProblems } from './allowlist-problems.ts';

describe('allowlistLineProblems', () => {
  it('lists the refused lines in file order, each naming its line', () => {
    expect(
      allowlistLineProblems([
        { path: 'csv.7', message: 'Line 7: "nope" is not an address' },
        { path: 'csv.2', message: 'quantity "0" is not a whole number' },
        { path: 'name', message: 'ignored' },
      ]),
    ).toEqual([
      { line: 2, message: 'Line 2: quantity "0" is not a whole number' },
      { line: 7, message: 'Line 7: "nope" is not an address' },
    ]);
  });
});

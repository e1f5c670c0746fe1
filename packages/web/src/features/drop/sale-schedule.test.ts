import { describe, expect, it } from 'vitest';
import { hasSchedule, parseSchedule, toLocalInput } from './sale-schedule.ts';

const now = new Date(2026, 10, 27, 12, 0).getTime();

describe('sale schedule inputs', () => {
  it('reads local start times, either or both', () => {
    expect(
      parseSchedule({ allowlistStart: '2026-12-01T14:00', publicStart: '2026-12-02T09:30' }, now, true),
    ).toEqual({
      ok: true,
      schedule: { allowlistStart: new Date(2026, 11, 1, 14, 0), publicStart: new Date(2026, 11, 2, 9, 30) },
    });
    expect(parseSchedule({ allowlistStart: '', publicStart: '2026-12-02T09:30' }, now, true)).toEqual({
      ok: true,
      schedule: { allowlistStart: null, publicStart: new Date(2026, 11, 2, 9, 30) },
    });
    // Both empty: no schedule where one is optional (the launch form), a refusal where it is the point.
    expect(parseSchedule({ allowlistStart: '', publicStart: '' }, now, false)).toEqual({
      ok: true,
      schedule: { allowlistStart: null, publicStart: null },
    });
    expect(parseSchedule({ allowlistStart: '', publicStart: '' }, now, true)).toEqual({
      ok: false,
      field: 'allowlistStart',
      message: 'Enter when the allowlist sale or the public sale opens.',
    });
  });

  it('names the field of a malformed, past or out-of-order time', () => {
    expect(parseSchedule({ allowlistStart: 'tomorrow', publicStart: '' }, now, true)).toMatchObject({
      ok: false,
      field: 'allowlistStart',
      message: 'Enter a date and time, such as 2026-12-01 14:00.',
    });
    expect(parseSchedule({ allowlistStart: '', publicStart: '2026-11-27T11:59' }, now, true)).toMatchObject({
      ok: false,
      field: 'publicStart',
      message: 'This time has passed: choose a later one, or open the sale now instead.',
    });
    expect(
      parseSchedule({ allowlistStart: '2026-12-02T09:30', publicStart: '2026-12-02T09:30' }, now, true),
    ).toMatchObject({
      ok: false,
      field: 'publicStart',
      message: 'The public sale must open after the allowlist sale.',
    });
    expect(parseSchedule({ allowlistStart: '20261-12-01T14:00', publicStart: '' }, now, true)).toMatchObject({
      ok: false,
      field: 'allowlistStart',
    });
  });

  it('writes dates back as local input values, and knows an empty schedule', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05T07:03');
    expect(hasSchedule({ allowlistStart: null, publicStart: null })).toBe(false);
    expect(hasSchedule({ allowlistStart: null, publicStart: new Date(now) })).toBe(true);
    expect(hasSchedule(null)).toBe(false);
  });
});

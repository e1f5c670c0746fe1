import type { SaleSchedule } from '@layerloom/contracts';

/** The two start times as typed in `datetime-local` inputs ("2026-12-01T14:00", local time; "" = none). */
export interface ScheduleInputs {
  allowlistStart: string;
  publicStart: string;
}

export type ScheduleField = keyof ScheduleInputs;

export type ScheduleResult =
  | { ok: true; schedule: SaleSchedule }
  | { ok: false; field: ScheduleField; message: string };

/** The latest start the contract can hold (40-bit seconds) is far beyond this; this catches typos (year 20260). */
const LATEST_YEAR = 2200;

function parseStart(text: string, now: number): Date | string | null {
  const value = text.trim();
  if (value === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  // A datetime-local value without a zone is the visitor's local time.
  const date = match ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()) || Number(match?.[1]) > LATEST_YEAR) {
    return 'Enter a date and time, such as 2026-12-01 14:00.';
  }
  if (date.getTime() <= now) return 'This time has passed: choose a later one, or open the sale now instead.';
  return date;
}

/**
 * Checks the start times the owner typed: each a future date and time, the public sale after the allowlist
 * sale. `requireOne`: at least one must be given (setting a schedule); otherwise both empty is "no schedule".
 */
export function parseSchedule(inputs: ScheduleInputs, now: number, requireOne: boolean): ScheduleResult {
  const allowlistStart = parseStart(inputs.allowlistStart, now);
  if (typeof allowlistStart === 'string')
    return { ok: false, field: 'allowlistStart', message: allowlistStart };
  const publicStart = parseStart(inputs.publicStart, now);
  if (typeof publicStart === 'string') return { ok: false, field: 'publicStart', message: publicStart };
  if (requireOne && !allowlistStart && !publicStart) {
    return {
      ok: false,
      field: 'allowlistStart',
      message: 'Enter when the allowlist sale or the public sale opens.',
    };
  }
  if (allowlistStart && publicStart && publicStart.getTime() <= allowlistStart.getTime()) {
    return {
      ok: false,
      field: 'publicStart',
      message: 'The public sale must open after the allowlist sale.',
    };
  }
  return { ok: true, schedule: { allowlistStart, publicStart } };
}

/** A date as a `datetime-local` value in local time ("2026-12-01T14:00"). */
export function toLocalInput(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** True when the schedule opens anything. */
export function hasSchedule(schedule: SaleSchedule | null | undefined): schedule is SaleSchedule {
  return Boolean(schedule && (schedule.allowlistStart || schedule.publicStart));
}

import type { Message } from '@layerloom/api';

/** Messages of one calendar day (local time), with the day's label. */
export interface MessageDay {
  key: string;
  label: string;
  messages: Message[];
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** The separator's label of a day: Today, Yesterday, or the date. */
export function dayLabel(date: Date, today = new Date()): string {
  if (dayKey(date) === dayKey(today)) return 'Today';
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return date.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** Groups messages (oldest first) by their local day, for the chat's day separators. */
export function groupByDay(messages: readonly Message[], today = new Date()): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const key = dayKey(date);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(date, today), messages: [message] });
  }
  return days;
}

/** A message's time of day, e.g. 14:05. */
export function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

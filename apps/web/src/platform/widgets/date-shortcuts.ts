/**
 * Common range shortcuts of the records screens: the last N days up to
 * today, each ending at the end of today and starting at the start of the
 * day N - 1 days before (so "last 7 days" is seven calendar days).
 */
import type { Dayjs } from 'dayjs';
import type { DateRangeShortcut } from './app-date-picker';

/** The spans the records screens offer, in days. */
export const RECENT_DAY_SPANS = [7, 30, 90] as const;

export function lastDaysRange(days: number, today: Dayjs): [Dayjs, Dayjs] {
  return [today.subtract(days - 1, 'day').startOf('day'), today.endOf('day')];
}

/** One shortcut per span; `today` is read when a shortcut is picked. */
export function recentDaysShortcuts(
  label: (days: number) => string,
  today: () => Dayjs,
  spans: readonly number[] = RECENT_DAY_SPANS,
): DateRangeShortcut[] {
  return spans.map((days) => ({ text: label(days), onClick: () => lastDaysRange(days, today()) }));
}

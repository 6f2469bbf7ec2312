/**
 * antd's pickers read the first day of the week from the dayjs locale, so a
 * week start of our own is a dayjs locale of our own: the base locale with
 * its weekStart replaced, registered once under a derived name.
 */
import dayjs from 'dayjs';
import { toDayjsWeekStart } from './date-rules';

/** The name of `base` with the week starting on `weekStart` (1..7, 7 = Sunday; else Sunday). */
export function weekStartLocale(base: string, weekStart: number): string {
  const start = toDayjsWeekStart(weekStart);
  // No underscore: the picker maps names with one (en_US) to dayjs names itself.
  const name = `${base.replace(/_/g, '-')}-week${start}`;
  if (!dayjs.Ls[name]) {
    const source = dayjs.Ls[base] ?? dayjs.Ls.en;
    if (!source) return base;
    // Third argument: register without switching the global locale.
    dayjs.locale(
      {
        ...source,
        name,
        weekStart: start,
        formats: source.formats ?? {},
        relativeTime: source.relativeTime ?? {},
      },
      undefined,
      true,
    );
  }
  return name;
}

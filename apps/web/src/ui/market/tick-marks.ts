/**
 * The chart's time-axis labels. lightweight-charts' own formatter calls
 * `toLocaleString` for every label of every redraw, which builds a date
 * formatter each time, and building one costs milliseconds on a phone. The
 * chart speaks en-US (kline-chart.tsx), whose labels are written here from
 * the date's fields, the same text as the library's (a test compares them);
 * another locale gets one formatter per kind, built once. The chart is handed
 * times already shifted to the viewer's zone and draws them as UTC, so the
 * labels read them in UTC.
 */
import { TickMarkType, type Time } from 'lightweight-charts';

// h23, not the library's hour12: false, which some engines write as 24:00 at midnight.
const TIME = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' } as const;
const OPTIONS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: TIME,
  [TickMarkType.TimeWithSeconds]: { ...TIME, second: '2-digit' },
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

function englishLabel(date: Date, type: TickMarkType): string {
  switch (type) {
    case TickMarkType.Year:
      return String(date.getUTCFullYear());
    case TickMarkType.Month:
      return MONTHS[date.getUTCMonth()] as string;
    case TickMarkType.DayOfMonth:
      return String(date.getUTCDate());
    case TickMarkType.Time:
      return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
    case TickMarkType.TimeWithSeconds:
      return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(type: TickMarkType, locale: string): Intl.DateTimeFormat {
  const key = `${locale}\u0000${type}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...OPTIONS[type], timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A label for a bar time in seconds (the kline chart's times are numbers). */
export function tickMarkLabel(time: Time, type: TickMarkType, locale: string): string | null {
  if (typeof time !== 'number') return null;
  const date = new Date(time * 1000);
  return locale === 'en-US' ? englishLabel(date, type) : formatterFor(type, locale).format(date);
}

import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { tickMarkLabel } from './tick-marks';

/** The label lightweight-charts draws itself: the time's UTC fields read as local, then `toLocaleString`. */
function libraryLabel(seconds: number, options: Intl.DateTimeFormatOptions, locale: string) {
  const utc = new Date(seconds * 1000);
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  ).toLocaleString(locale, options);
}

// The library asks for hour12: false, which some engines write as 24:00 at midnight; a trader reads 00:00.
const TIME = { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' } as const;
const CASES: Array<[TickMarkType, Intl.DateTimeFormatOptions]> = [
  [TickMarkType.Year, { year: 'numeric' }],
  [TickMarkType.Month, { month: 'short' }],
  [TickMarkType.DayOfMonth, { day: 'numeric' }],
  [TickMarkType.Time, TIME],
  [TickMarkType.TimeWithSeconds, { ...TIME, second: '2-digit' }],
];

describe('the chart’s time-axis labels', () => {
  it('read as the library’s own, for every kind of mark, in English and German', () => {
    // 2026-03-01 00:00:00, 2026-11-30 23:59:07 and 2027-01-01 07:05:09 (the chart's shifted times);
    // en-US written from the fields, German through a formatter.
    for (const seconds of [1772323200, 1796083147, 1798787109] as UTCTimestamp[])
      for (const locale of ['en-US', 'de-DE'])
        for (const [type, options] of CASES)
          expect(tickMarkLabel(seconds, type, locale)).toBe(libraryLabel(seconds, options, locale));
    expect(tickMarkLabel(1796083147 as UTCTimestamp, TickMarkType.Time, 'en-US')).toBe('23:59');
    expect(tickMarkLabel(1772323200 as UTCTimestamp, TickMarkType.Time, 'en-US')).toBe('00:00');
    expect(tickMarkLabel(1772323200 as UTCTimestamp, TickMarkType.Time, 'de-DE')).toBe('00:00');
  });

  it('leaves a time that is not a number of seconds to the library', () => {
    expect(tickMarkLabel('2026-11-30', TickMarkType.DayOfMonth, 'en-US')).toBeNull();
  });
});

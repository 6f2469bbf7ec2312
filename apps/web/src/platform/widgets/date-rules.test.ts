import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  clampDate,
  clampTime,
  clampToTimeRange,
  defaultDateBounds,
  isValidRange,
  normalizeWeekStart,
  orderRange,
  parseTimeOfDay,
  parseTyped,
  settleDate,
  toDayjsFormat,
  toDayjsWeekStart,
} from './date-rules';

const day = (s: string) => dayjs(s);

describe('week start', () => {
  it('accepts 1..7, 7 being Sunday, and falls back to 7 otherwise', () => {
    expect([1, 2, 6, 7].map(normalizeWeekStart)).toEqual([1, 2, 6, 7]);
    expect([0, 8, -1, 1.5, Number.NaN, '1', undefined].map(normalizeWeekStart)).toEqual([
      7, 7, 7, 7, 7, 7, 7,
    ]);
    expect([1, 6, 7, 0].map(toDayjsWeekStart)).toEqual([1, 6, 0, 0]);
  });
});

describe('bounds and clamping', () => {
  it('defaults to ten years either side of today, whole days', () => {
    const { min, max } = defaultDateBounds(day('2024-06-15T13:00:00'));
    expect(min.format('YYYY-MM-DD HH:mm:ss')).toBe('2014-06-15 00:00:00');
    expect(max.format('YYYY-MM-DD HH:mm:ss')).toBe('2034-06-15 23:59:59');
  });

  it('clamps a date outside [min, max] to the nearer end', () => {
    const min = day('2020-01-01');
    const max = day('2020-12-31');
    expect(clampDate(day('2019-05-05'), min, max).format('YYYY-MM-DD')).toBe('2020-01-01');
    expect(clampDate(day('2021-05-05'), min, max).format('YYYY-MM-DD')).toBe('2020-12-31');
    expect(clampDate(day('2020-05-05'), min, max).format('YYYY-MM-DD')).toBe('2020-05-05');
  });

  it('clamps hours to 0-23 and minutes and seconds to 0-59', () => {
    expect(clampTime({ hour: 24, minute: 60, second: -1 })).toEqual({
      hour: 23,
      minute: 59,
      second: 0,
    });
    expect(clampTime({ hour: 7.9, minute: 5, second: Number.NaN })).toEqual({
      hour: 7,
      minute: 5,
      second: 0,
    });
    expect(parseTimeOfDay('25:61:70')).toEqual({ hour: 23, minute: 59, second: 59 });
    expect(parseTimeOfDay('9:30')).toEqual({ hour: 9, minute: 30, second: 0 });
    expect(parseTimeOfDay('nine')).toBeNull();
  });

  it('moves a time outside the selectable range to the range start of the same day', () => {
    const range = ['09:00:00', '18:00:00'] as const;
    expect(clampToTimeRange(day('2024-03-03T20:15:00'), range).format('YYYY-MM-DD HH:mm:ss')).toBe(
      '2024-03-03 09:00:00',
    );
    expect(clampToTimeRange(day('2024-03-03T06:00:00'), range).format('HH:mm:ss')).toBe('09:00:00');
    expect(clampToTimeRange(day('2024-03-03T18:00:00'), range).format('HH:mm:ss')).toBe('18:00:00');
    expect(clampToTimeRange(day('2024-03-03T12:34:56'), range).format('HH:mm:ss')).toBe('12:34:56');
    expect(clampToTimeRange(day('2024-03-03T20:00:00'), ['x', 'y']).format('HH:mm')).toBe('20:00');
  });

  it('settles a date into the bounds first, then into the time range', () => {
    const bounds = {
      min: day('2024-01-01T00:00:00'),
      max: day('2024-01-31T23:59:59'),
      selectableTimeRange: ['08:00:00', '17:00:00'] as const,
    };
    expect(settleDate(day('2024-02-10T12:00:00'), bounds).format('YYYY-MM-DD HH:mm:ss')).toBe(
      '2024-01-31 08:00:00',
    );
    expect(settleDate(day('2024-01-10T12:00:00'), bounds).format('YYYY-MM-DD HH:mm:ss')).toBe(
      '2024-01-10 12:00:00',
    );
  });
});

describe('ranges', () => {
  const noWeekends = (d: dayjs.Dayjs) => d.day() === 0 || d.day() === 6;

  it('is valid only with two dates, start not after end, neither disabled', () => {
    expect(isValidRange(day('2024-01-02'), day('2024-01-05'))).toBe(true);
    expect(isValidRange(day('2024-01-05'), day('2024-01-05'))).toBe(true);
    expect(isValidRange(day('2024-01-06'), day('2024-01-05'))).toBe(false);
    expect(isValidRange(null, day('2024-01-05'))).toBe(false);
    expect(isValidRange(day('2024-01-05'), undefined)).toBe(false);
    expect(isValidRange(dayjs('not a date'), day('2024-01-05'))).toBe(false);
    // 2024-01-06 is a Saturday.
    expect(isValidRange(day('2024-01-02'), day('2024-01-06'), noWeekends)).toBe(false);
    expect(isValidRange(day('2024-01-06'), day('2024-01-08'), noWeekends)).toBe(false);
    expect(isValidRange(day('2024-01-02'), day('2024-01-08'), noWeekends)).toBe(true);
  });

  it('puts an end picked before the start first', () => {
    const [a, b] = orderRange(day('2024-05-09'), day('2024-05-01'));
    expect([a.format('MM-DD'), b.format('MM-DD')]).toEqual(['05-01', '05-09']);
  });
});

describe('formats', () => {
  it('turns spec patterns into dayjs tokens', () => {
    expect(toDayjsFormat('yyyy-MM-dd')).toBe('YYYY-MM-DD');
    expect(toDayjsFormat('HH:mm:ss')).toBe('HH:mm:ss');
    expect(toDayjsFormat('yyyy-MM-dd HH:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(toDayjsFormat('d/M/yy h:mm a')).toBe('D/M/YY h:mm A');
    expect(toDayjsFormat("EEE, d MMM yyyy 'at' HH:mm")).toBe('ddd, D MMM YYYY [at] HH:mm');
    expect(toDayjsFormat("dd 'o''clock'")).toBe("DD [o'clock]");
    expect(toDayjsFormat("HH''mm")).toBe("HH'mm");
  });

  it('parses typed text strictly against the format', () => {
    expect(parseTyped('2024-02-29', 'yyyy-MM-dd')?.format('YYYY-MM-DD')).toBe('2024-02-29');
    expect(parseTyped('2023-02-29', 'yyyy-MM-dd')).toBeNull();
    expect(parseTyped('29/02/2024', 'yyyy-MM-dd')).toBeNull();
    expect(parseTyped('  ', 'yyyy-MM-dd')).toBeNull();
    expect(parseTyped('29/02/2024', 'dd/MM/yyyy')?.format('YYYY-MM-DD')).toBe('2024-02-29');
    expect(
      parseTyped('2024-01-02 03:04:05', 'yyyy-MM-dd HH:mm:ss')?.format('YYYY-MM-DD HH:mm:ss'),
    ).toBe('2024-01-02 03:04:05');
    expect(parseTyped('2024-01-02 24:00:00', 'yyyy-MM-dd HH:mm:ss')).toBeNull();
  });
});

/**
 * Pure date and time rules of spec section 5 for the date pickers: week
 * start, bounds and clamping, valid ranges, typed input and formats.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DEFAULT_DATE_RANGE_YEARS, DEFAULT_WEEK_START, TIME_BOUNDS } from './widget-defaults';

// Strict parsing against a format needs the plugin; antd's picker adds it too.
dayjs.extend(customParseFormat);

export type DisabledDate = (date: Dayjs) => boolean;

/** Week start 1..7 (7 = Sunday); anything else falls back to the default. */
export function normalizeWeekStart(weekStart: unknown): number {
  return typeof weekStart === 'number' &&
    Number.isInteger(weekStart) &&
    weekStart >= 1 &&
    weekStart <= 7
    ? weekStart
    : DEFAULT_WEEK_START;
}

/** dayjs numbers the week from 0 = Sunday. */
export const toDayjsWeekStart = (weekStart: number): number => normalizeWeekStart(weekStart) % 7;

/** Ten years either side of today, whole days. */
export function defaultDateBounds(today: Dayjs = dayjs()): { min: Dayjs; max: Dayjs } {
  return {
    min: today.subtract(DEFAULT_DATE_RANGE_YEARS, 'year').startOf('day'),
    max: today.add(DEFAULT_DATE_RANGE_YEARS, 'year').endOf('day'),
  };
}

export function clampDate(date: Dayjs, min: Dayjs, max: Dayjs): Dayjs {
  if (date.isBefore(min)) return min;
  if (date.isAfter(max)) return max;
  return date;
}

export interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

const clampPart = (n: number, { min, max }: { min: number; max: number }): number =>
  Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : min;

/** Hours 0-23, minutes and seconds 0-59. */
export function clampTime(time: TimeOfDay): TimeOfDay {
  return {
    hour: clampPart(time.hour, TIME_BOUNDS.hour),
    minute: clampPart(time.minute, TIME_BOUNDS.minute),
    second: clampPart(time.second, TIME_BOUNDS.second),
  };
}

const secondsOf = (t: TimeOfDay): number => t.hour * 3600 + t.minute * 60 + t.second;

/** Reads `HH:mm:ss` (or `HH:mm`) into a clamped time of day; null when it is not a time. */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const match = /^\s*(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return clampTime({
    hour: Number(match[1]),
    minute: Number(match[2]),
    second: Number(match[3] ?? 0),
  });
}

/** A selectable time range such as `['09:00:00', '18:00:00']`. */
export type SelectableTimeRange = readonly [start: string, end: string];

/**
 * With a selectable time range, a date whose time falls outside it moves to
 * the range start on the same day (spec section 5). A malformed range leaves
 * the date alone.
 */
export function clampToTimeRange(date: Dayjs, range: SelectableTimeRange): Dayjs {
  const start = parseTimeOfDay(range[0]);
  const end = parseTimeOfDay(range[1]);
  if (!start || !end) return date;
  const t = secondsOf({ hour: date.hour(), minute: date.minute(), second: date.second() });
  if (t >= secondsOf(start) && t <= secondsOf(end)) return date;
  return date.hour(start.hour).minute(start.minute).second(start.second).millisecond(0);
}

/** Both ends are dates, start is not after end, and neither end is disabled. */
export function isValidRange(
  start: Dayjs | null | undefined,
  end: Dayjs | null | undefined,
  disabledDate?: DisabledDate,
): boolean {
  if (!start || !end || !dayjs.isDayjs(start) || !dayjs.isDayjs(end)) return false;
  if (!start.isValid() || !end.isValid()) return false;
  if (start.isAfter(end)) return false;
  return !disabledDate?.(start) && !disabledDate?.(end);
}

/** A range picked in either order, start first. */
export function orderRange(a: Dayjs, b: Dayjs): [Dayjs, Dayjs] {
  return b.isBefore(a) ? [b, a] : [a, b];
}

/** Unicode (date-fns, Java) pattern letters and their dayjs tokens, by run length. */
const TOKEN_MAP: Record<string, Record<number, string> | string> = {
  y: { 1: 'YYYY', 2: 'YY', 3: 'YYYY', 4: 'YYYY' },
  M: { 1: 'M', 2: 'MM', 3: 'MMM', 4: 'MMMM' },
  d: { 1: 'D', 2: 'DD' },
  E: { 1: 'ddd', 2: 'ddd', 3: 'ddd', 4: 'dddd' },
  H: { 1: 'H', 2: 'HH' },
  h: { 1: 'h', 2: 'hh' },
  m: { 1: 'm', 2: 'mm' },
  s: { 1: 's', 2: 'ss' },
  S: { 1: 'SSS', 2: 'SSS', 3: 'SSS' },
  a: 'A',
  X: 'Z',
};

/**
 * Converts a spec format (`yyyy-MM-dd`, `HH:mm:ss`) into the tokens dayjs
 * and antd read (`YYYY-MM-DD`). Quoted text stays literal; letters without
 * a mapping are kept literal too rather than guessed.
 */
export function toDayjsFormat(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern.charAt(i);
    if (ch === "'") {
      // Quoted text is literal; a doubled quote, inside or outside, is one quote.
      if (pattern.charAt(i + 1) === "'") {
        out += "'";
        i += 2;
        continue;
      }
      let literal = '';
      let j = i + 1;
      while (j < pattern.length) {
        if (pattern.charAt(j) === "'") {
          if (pattern.charAt(j + 1) !== "'") break;
          literal += "'";
          j += 2;
          continue;
        }
        literal += pattern.charAt(j);
        j += 1;
      }
      out += `[${literal}]`;
      i = j + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(ch)) {
      out += ch;
      i += 1;
      continue;
    }
    let run = 1;
    while (pattern.charAt(i + run) === ch) run += 1;
    const mapping = TOKEN_MAP[ch];
    if (typeof mapping === 'string') out += mapping;
    else if (mapping) out += mapping[Math.min(run, Math.max(...Object.keys(mapping).map(Number)))];
    else out += `[${ch.repeat(run)}]`;
    i += run;
  }
  return out;
}

/**
 * Parses typed text strictly against a spec format: `2024-02-30` is not a
 * date in `yyyy-MM-dd`. Returns null for anything that is not.
 */
export function parseTyped(text: string, pattern: string): Dayjs | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const parsed = dayjs(trimmed, toDayjsFormat(pattern), true);
  return parsed.isValid() ? parsed : null;
}

/** The spec's date format, joined with the time format when time is picked too. */
export const joinDateTimeFormat = (dateFormat: string, timeFormat?: string): string =>
  timeFormat ? `${dateFormat} ${timeFormat}` : dateFormat;

export interface DateBounds {
  min: Dayjs;
  max: Dayjs;
  selectableTimeRange?: SelectableTimeRange;
}

/** What a picker keeps of a date it is given: clamped to [min, max], then into the selectable time range. */
export function settleDate(date: Dayjs, bounds: DateBounds): Dayjs {
  const inBounds = clampDate(date, bounds.min, bounds.max);
  return bounds.selectableTimeRange
    ? clampToTimeRange(inBounds, bounds.selectableTimeRange)
    : inBounds;
}

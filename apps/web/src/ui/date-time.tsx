import dayjs from 'dayjs';

/** How every event time reads, on every screen, record page and CSV: 2026-11-22 09:30:05, local time. */
export const EVENT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An event time as text, for a CSV or a label. */
export const formatEventTime = (ms: number): string => dayjs(ms).format(EVENT_TIME_FORMAT);

/**
 * A point in time as digits (2026-11-22 09:30:05): isolated left-to-right, so a
 * right-to-left page does not reorder the date and the time.
 */
export function DateTime({
  value,
  format = EVENT_TIME_FORMAT,
  className,
}: {
  value: number;
  format?: string;
  className?: string;
}) {
  return (
    <time className={className} dateTime={new Date(value).toISOString()}>
      <bdi dir="ltr">{dayjs(value).format(format)}</bdi>
    </time>
  );
}

import dayjs from 'dayjs';

/**
 * A point in time as digits (2026-11-22 09:30): isolated left-to-right, so a
 * right-to-left page does not reorder the date and the time.
 */
export function DateTime({
  value,
  format = 'YYYY-MM-DD HH:mm',
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

/**
 * A trend line of a few closes as an inline SVG polyline. The closes become
 * floats here for drawing only, never for a figure that is shown or settled.
 */
export function Sparkline({
  closes,
  width = 96,
  height = 32,
  testId,
}: {
  closes: readonly string[] | undefined;
  width?: number;
  height?: number;
  testId?: string;
}) {
  const values = (closes ?? []).map(Number).filter((v) => Number.isFinite(v));
  const first = values[0];
  const last = values[values.length - 1];
  const tone =
    first === undefined || last === undefined || last === first
      ? 'flat'
      : last > first
        ? 'up'
        : 'down';
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const pad = 2;
  const points = values
    .map((v, i) => {
      const x = values.length === 1 ? width / 2 : (i / (values.length - 1)) * width;
      const y = pad + (1 - (v - low) / span) * (height - pad * 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      className={`sparkline tone-${tone}`}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid={testId}
      data-points={values.length}
    >
      {values.length > 1 ? (
        <polyline
          points={points}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  );
}

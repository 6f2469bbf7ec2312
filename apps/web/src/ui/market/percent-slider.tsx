import type { CSSProperties } from 'react';
import './percent-slider.css';

/**
 * The order form's share of the balance, 0 to 100 % in steps of one: a
 * native range drawn as antd's slider (a 4 px rail, the filled part, a
 * ringed handle, the share in a bubble while it is pointed at, focused or
 * dragged). The browser gives it the arrow keys, Home and End, touch and the
 * screen reader's value; in right-to-left it runs from the right.
 */
export function PercentSlider({
  value,
  onChange,
  label,
  disabled,
}: {
  /** The share shown, 0..100 (a position on screen, not money). */
  value: number;
  onChange: (percent: number) => void;
  /** The accessible name. */
  label: string;
  disabled?: boolean;
}) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className="percent-slider" style={{ '--percent': `${percent}%` } as CSSProperties}>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={disabled}
        aria-label={label}
        aria-valuetext={`${percent}%`}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid="order-slider"
      />
      <output className="percent-slider-bubble" aria-hidden>
        {percent}%
      </output>
    </div>
  );
}

/** The quick shares under an order form's slider: 25, 50, 75 and 100 % of the balance. */
export function PercentButtons({
  onPick,
  disabled,
  testIdPrefix,
}: {
  onPick: (percent: number) => void;
  disabled?: boolean;
  /** Each button's test id is this prefix and its percent (`order-percent-25`). */
  testIdPrefix: string;
}) {
  return (
    <div className="order-percents">
      {[25, 50, 75, 100].map((p) => (
        <button
          key={p}
          type="button"
          className="chip"
          disabled={disabled}
          onClick={() => onPick(p)}
          data-testid={`${testIdPrefix}-${p}`}
        >
          {p}%
        </button>
      ))}
    </div>
  );
}

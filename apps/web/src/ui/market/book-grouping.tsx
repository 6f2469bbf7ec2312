import { DownOutlined } from '@ant-design/icons';
import './book-grouping.css';

/**
 * The order book's price grouping: a native select drawn as the app's small
 * select. The browser gives it the keyboard, the screen reader's list and,
 * on a phone, the system picker, in either direction; the trading screen's
 * first load carries no dropdown library for one short list of steps.
 */
export function BookGrouping({
  steps,
  value,
  onChange,
  label,
}: {
  /** The market's depth steps, as decimal strings. */
  steps: readonly string[];
  value: string;
  onChange: (step: string) => void;
  /** The accessible name and the tooltip. */
  label: string;
}) {
  return (
    <span className="book-grouping">
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        title={label}
        data-testid="book-grouping"
      >
        {steps.map((step) => (
          <option key={step} value={step}>
            {step}
          </option>
        ))}
      </select>
      <DownOutlined className="book-grouping-arrow" aria-hidden />
    </span>
  );
}

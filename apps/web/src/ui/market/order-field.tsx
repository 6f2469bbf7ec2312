/** A figure of an order form: its label inside the input, its unit after it, and anything below. */
// The plain input alone: antd's index also brings its search, password, text area and code inputs.
import Input from 'antd/es/input/Input';
import type { ReactNode } from 'react';

export function OrderField({
  label,
  unit,
  value,
  onChange,
  disabled,
  placeholder,
  testId,
  extra,
}: {
  label: string;
  unit: ReactNode;
  value: string;
  onChange?: (raw: string) => void;
  disabled?: boolean;
  placeholder?: string;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <div className="order-field">
      <Input
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        inputMode="decimal"
        autoComplete="off"
        prefix={<span className="order-field-label">{label}</span>}
        suffix={<span className="order-field-unit">{unit}</span>}
        onChange={(e) => onChange?.(e.target.value)}
        data-testid={testId}
        aria-label={label}
      />
      {extra}
    </div>
  );
}

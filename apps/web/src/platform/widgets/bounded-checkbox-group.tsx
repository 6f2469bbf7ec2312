/** A checkbox group that keeps its selection count within bounds (spec section 5). */
import { Checkbox } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { acceptsCheckedCount, type OptionValue } from './select-rules';

export interface BoundedCheckboxGroupProps<V extends OptionValue> extends Omit<
  CheckboxGroupProps<V>,
  'onChange' | 'value'
> {
  value: readonly V[];
  onChange?: (value: V[]) => void;
  /** Fewest boxes that must stay checked. */
  min?: number;
  /** Most boxes that may be checked. */
  max?: number;
}

/**
 * Controlled: a change that would leave fewer than `min` or more than `max`
 * boxes checked is not passed on, so the boxes stay as they were.
 */
export function BoundedCheckboxGroup<V extends OptionValue>({
  value,
  onChange,
  min,
  max,
  ...rest
}: BoundedCheckboxGroupProps<V>) {
  return (
    <Checkbox.Group<V>
      {...rest}
      value={[...value]}
      onChange={(next) => {
        if (acceptsCheckedCount(next.length, { min, max })) onChange?.(next);
      }}
    />
  );
}

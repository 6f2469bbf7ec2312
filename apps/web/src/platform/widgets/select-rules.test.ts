import { describe, expect, it } from 'vitest';
import {
  acceptsCheckedCount,
  filterOptions,
  isAtLimit,
  normalizeLimit,
  selectMetrics,
  selectSizeFor,
  toggleWithinLimit,
  visibleOptions,
  type SelectOption,
} from './select-rules';

const OPTIONS: SelectOption[] = [
  { label: 'Bitcoin', value: 'btc', searchText: 'BTC Bitcoin' },
  { label: 'Ether', value: 'eth' },
  { label: 'Tether', value: 'usdt', visible: false },
];

describe('select rules', () => {
  it('filters by search text or text label, case-insensitively', () => {
    expect(filterOptions(OPTIONS, 'btc').map((o) => o.value)).toEqual(['btc']);
    expect(filterOptions(OPTIONS, 'ETH').map((o) => o.value)).toEqual(['eth', 'usdt']);
    expect(filterOptions(OPTIONS, '  ').map((o) => o.value)).toEqual(['btc', 'eth', 'usdt']);
    expect(visibleOptions(OPTIONS).map((o) => o.value)).toEqual(['btc', 'eth']);
  });

  it('treats a limit of 0 as unlimited and refuses to add past a limit', () => {
    expect([0, -2, undefined, Number.NaN, 2.7].map(normalizeLimit)).toEqual([0, 0, 0, 0, 2]);
    expect(isAtLimit(99, 0)).toBe(false);
    expect(isAtLimit(2, 2)).toBe(true);
    expect(toggleWithinLimit(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleWithinLimit(['a', 'b'], 'b', 2)).toEqual(['a']);
    expect(toggleWithinLimit(['a', 'b'], 'c', 0)).toEqual(['a', 'b', 'c']);
  });

  it('blocks a checkbox change below min or above max', () => {
    expect(acceptsCheckedCount(0, { min: 1 })).toBe(false);
    expect(acceptsCheckedCount(1, { min: 1, max: 2 })).toBe(true);
    expect(acceptsCheckedCount(3, { min: 1, max: 2 })).toBe(false);
    expect(acceptsCheckedCount(0, {})).toBe(true);
  });

  it('maps four heights onto antd sizes, following a form size when none is given', () => {
    expect(selectMetrics('large')).toEqual({ heightPx: 48, antdSize: 'large' });
    expect(selectMetrics('medium')).toEqual({ heightPx: 40, antdSize: 'large' });
    expect(selectMetrics('standard')).toEqual({ heightPx: 32, antdSize: 'middle' });
    expect(selectMetrics('small')).toEqual({ heightPx: 24, antdSize: 'small' });
    expect(selectSizeFor(undefined, 'large')).toBe('medium');
    expect(selectSizeFor(undefined, undefined)).toBe('standard');
    expect(selectSizeFor(undefined, 'small')).toBe('small');
    expect(selectSizeFor('large', 'small')).toBe('large');
  });
});

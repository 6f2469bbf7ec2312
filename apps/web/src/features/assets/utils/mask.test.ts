import { describe, expect, it } from 'vitest';
import { formatFiat } from '../../../platform/numbers/number-format';
import { MASKED_FIGURE, maskFigure } from './mask';

describe('maskFigure', () => {
  it('shows the formatted figure while assets are shown', () => {
    expect(maskFigure(formatFiat('1234.5'), true)).toBe('1,234.50');
  });

  it('hides every figure behind four stars, whatever its size or sign', () => {
    for (const text of ['1,234.50', '0.00', '--', '-12.000001']) {
      expect(maskFigure(text, false)).toBe(MASKED_FIGURE);
    }
    expect(MASKED_FIGURE).toBe('****');
  });
});

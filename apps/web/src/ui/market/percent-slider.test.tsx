import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PercentSlider } from './percent-slider';

afterEach(cleanup);

describe('PercentSlider', () => {
  it('is a slider named by its label, at the share rounded to a whole percent', () => {
    render(<PercentSlider value={33.4} onChange={() => undefined} label="Amount" />);
    const slider = screen.getByRole<HTMLInputElement>('slider', { name: 'Amount' });
    expect(slider.value).toBe('33');
    expect(slider.getAttribute('aria-valuetext')).toBe('33%');
    expect(slider.min).toBe('0');
    expect(slider.max).toBe('100');
  });

  it('reports the share moved to as a number', () => {
    const moved: number[] = [];
    render(<PercentSlider value={0} onChange={(p) => moved.push(p)} label="Amount" />);
    fireEvent.change(screen.getByRole('slider', { name: 'Amount' }), { target: { value: '75' } });
    expect(moved).toEqual([75]);
  });

  it('cannot be moved when disabled', () => {
    render(<PercentSlider value={0} onChange={() => undefined} label="Amount" disabled />);
    expect(screen.getByRole<HTMLInputElement>('slider', { name: 'Amount' }).disabled).toBe(true);
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookGrouping } from './book-grouping';

const STEPS = ['0.01', '0.1', '1', '10'];

function Grouping({ onChange }: { onChange?: (step: string) => void }) {
  const [step, setStep] = useState('0.01');
  return (
    <BookGrouping
      steps={STEPS}
      value={step}
      onChange={(next) => {
        setStep(next);
        onChange?.(next);
      }}
      label="Price grouping"
    />
  );
}

afterEach(cleanup);

describe('BookGrouping', () => {
  it('is a select named by its label, offering every step and showing the chosen one', () => {
    render(<Grouping />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Price grouping' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(STEPS);
    expect(select.value).toBe('0.01');
    expect(screen.getByTestId('book-grouping')).toBe(select);
  });

  it('reports the step picked and shows it', () => {
    const picked: string[] = [];
    render(<Grouping onChange={(step) => picked.push(step)} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Price grouping' });
    fireEvent.change(select, { target: { value: '10' } });
    expect(picked).toEqual(['10']);
    expect(select.value).toBe('10');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: '10' }).selected).toBe(true);
  });
});

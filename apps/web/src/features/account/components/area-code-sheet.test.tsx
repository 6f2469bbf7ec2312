import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../platform/i18n/i18n';
import { AreaCodeSheet, type AreaCodeOption } from './area-code-sheet';

const option = (region: string, code: string, name: string): AreaCodeOption => ({
  value: `${region}:${code}`,
  code,
  name,
  search: `+${code} ${name}`,
  label: `+${code} ${name}`,
});
const OPTIONS = [
  option('US', '1', 'United States'),
  option('GB', '44', 'United Kingdom'),
  option('AE', '971', 'United Arab Emirates'),
  option('JP', '81', 'Japan'),
];

function items(): string[] {
  return [...document.querySelectorAll('.area-code-sheet .adm-list-item')].map(
    (el) => el.textContent?.trim() ?? '',
  );
}

describe('the area-code sheet of narrow screens', () => {
  it('opens from the code, filters by name or +code, and picks a code', async () => {
    const onChange = vi.fn<(code: string) => void>();
    render(<AreaCodeSheet options={OPTIONS} value="1" onChange={onChange} testId="area" />);
    const trigger = screen.getByTestId('area');
    expect(trigger.textContent).toBe('+1');

    await act(async () => void fireEvent.click(trigger));
    expect(items()).toHaveLength(4);

    const search = document.querySelector<HTMLInputElement>('.area-code-sheet input');
    if (!search) throw new Error('no search field');
    await act(async () => void fireEvent.change(search, { target: { value: 'united' } }));
    expect(items()).toEqual([
      '+1 United States',
      '+44 United Kingdom',
      '+971 United Arab Emirates',
    ]);
    await act(async () => void fireEvent.change(search, { target: { value: '+97' } }));
    expect(items()).toEqual(['+971 United Arab Emirates']);
    await act(async () => void fireEvent.change(search, { target: { value: 'zz' } }));
    expect(items()).toEqual([]);
    expect(document.querySelector('.area-code-sheet-empty')?.textContent).toBe('No data');

    await act(async () => void fireEvent.change(search, { target: { value: 'japan' } }));
    const japan = document.querySelector('.area-code-sheet .adm-list-item');
    if (!japan) throw new Error('no Japan');
    await act(async () => void fireEvent.click(japan));
    expect(onChange).toHaveBeenCalledWith('81');
  });
});

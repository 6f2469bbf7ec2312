import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../platform/i18n/i18n';
import { setViewportWidth } from '../../../platform/widgets/test-viewport';
import { AreaCodeSelect } from './area-code-select';

function items(): string[] {
  return [...document.querySelectorAll('[data-testid="area-sheet"] .adm-list-item')].map(
    (el) => el.textContent?.trim() ?? '',
  );
}

afterEach(cleanup);

describe('the area-code select', () => {
  it('on wide screens keeps its test id on the real search input and shows the code', () => {
    setViewportWidth(1280);
    render(<AreaCodeSelect value="44" testId="area" />);
    expect(screen.getByTestId('area').tagName).toBe('INPUT');
    expect(document.querySelector('.area-code-select')?.textContent).toContain('+44');
  });

  it('under 768 px opens the shared sheet from the code, filters by name or +code, and picks a code', async () => {
    setViewportWidth(375);
    const onChange = vi.fn<(code: string) => void>();
    render(<AreaCodeSelect value="1" onChange={onChange} testId="area" />);
    const trigger = screen.getByTestId('area');
    expect(trigger.textContent).toBe('+1');

    await act(async () => void fireEvent.click(trigger));
    // The sheet is its own lazily loaded chunk: on a busy machine it can take over a second.
    await screen.findByTestId('area-sheet', {}, { timeout: 15_000 });
    expect(items().length).toBeGreaterThan(30);

    const search = document.querySelector<HTMLInputElement>('[data-testid="area-sheet"] input');
    if (!search) throw new Error('no search field');
    await act(async () => void fireEvent.change(search, { target: { value: '+971' } }));
    expect(items()).toEqual(['+971 United Arab Emirates']);
    await act(async () => void fireEvent.change(search, { target: { value: 'zzzz' } }));
    expect(items()).toEqual([]);
    expect(screen.getByText('No data')).toBeTruthy();

    await act(async () => void fireEvent.change(search, { target: { value: 'japan' } }));
    expect(items()).toEqual(['+81 Japan']);
    await act(async () => void fireEvent.click(screen.getByTestId('area-option-JP:81')));
    expect(onChange).toHaveBeenCalledWith('81');
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import arEG from 'antd/locale/ar_EG';
import dayjs, { type Dayjs } from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppAutoComplete } from './app-auto-complete';
import { AppDatePicker, AppRangePicker } from './app-date-picker';
import { AppSelect } from './app-select';
import type { SelectOption } from './select-rules';
import { TestProviders } from './test-providers';
import { setViewportWidth } from './test-viewport';

const COINS: SelectOption[] = [
  { label: 'Bitcoin', value: 'btc', imageUrl: '/static/coins/btc.png' },
  { label: 'Ether', value: 'eth' },
  { label: 'Solana', value: 'sol', disabled: true },
  { label: 'Hidden', value: 'hid', visible: false },
];

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const selectRoot = (testId: string) =>
  screen.getByTestId(testId).closest<HTMLElement>('.ant-select');

describe('AppSelect on wide screens', () => {
  it.each([
    ['large', '48px'],
    ['medium', '40px'],
    ['standard', '32px'],
    ['small', '24px'],
  ] as const)('is %s: %s high', (size, height) => {
    render(
      <TestProviders>
        <AppSelect testId="s" size={size} options={COINS} />
      </TestProviders>,
    );
    expect(selectRoot('s')?.style.getPropertyValue('--ant-select-height')).toBe(height);
  });

  it('debounces the remote search 300 ms', async () => {
    vi.useFakeTimers();
    const remoteSearch = vi.fn<(q: string) => void>();
    render(
      <TestProviders>
        <AppSelect testId="s" options={COINS} remoteSearch={remoteSearch} />
      </TestProviders>,
    );
    const input = screen.getByTestId('s');
    await act(async () => {
      fireEvent.change(input, { target: { value: 'b' } });
      fireEvent.change(input, { target: { value: 'bt' } });
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(remoteSearch).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(remoteSearch).toHaveBeenCalledExactlyOnceWith('bt');
  });

  it('stops a multiple select at its limit', async () => {
    const onChange = vi.fn<(v: string[]) => void>();
    render(
      <TestProviders>
        <AppSelect
          testId="s"
          multiple
          limit={1}
          value={['btc']}
          onChange={onChange}
          options={COINS}
        />
      </TestProviders>,
    );
    const root = selectRoot('s');
    if (!root) throw new Error('no select');
    await act(async () => void fireEvent.mouseDown(root));
    const ether = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (el) => el.textContent === 'Ether',
      );
      if (!found) throw new Error('no Ether option');
      return found;
    });
    expect(ether.className).toContain('disabled');
    await act(async () => void fireEvent.click(ether));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('AppSelect under 768 px', () => {
  beforeEach(() => setViewportWidth(375));

  it('turns a plain select into an action sheet with images, hiding invisible entries', async () => {
    const onChange = vi.fn<(v: string) => void>();
    render(
      <TestProviders>
        <AppSelect testId="coin" title="Coin" options={COINS} onChange={onChange} />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('coin')));
    const sheet = await screen.findByTestId('coin-action-sheet', {}, { timeout: 5000 });
    const buttons = [...sheet.querySelectorAll('.adm-action-sheet-button-item')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Bitcoin', 'Ether', 'Solana', 'Cancel']);
    expect(sheet.querySelector('img')?.getAttribute('src')).toBe('/static/coins/btc.png');
    const solana = buttons[2];
    const ether = buttons[1];
    if (!solana || !ether) throw new Error('missing entries');
    await act(async () => void fireEvent.click(solana));
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(ether));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('eth');
  });

  it('turns a multiple select into a sheet that honours its limit', async () => {
    const onChange = vi.fn<(v: string[]) => void>();
    const options = [...COINS, { label: 'Ripple', value: 'xrp' }];
    render(
      <TestProviders>
        <AppSelect
          testId="coins"
          multiple
          limit={2}
          value={['btc', 'eth']}
          onChange={onChange}
          options={options}
        />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('coins')));
    await screen.findByTestId('coins-sheet', {}, { timeout: 5000 });
    expect(screen.getByText('2 of 2 chosen')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByTestId('coins-option-xrp')));
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByTestId('coins-option-eth')));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(['btc']);
  });
});

describe('AppDatePicker', () => {
  const headerDays = () =>
    [...document.querySelectorAll('.ant-picker-content thead th')].map((th) => th.textContent);

  it.each([
    [1, 'Mo'],
    [6, 'Sa'],
    [7, 'Su'],
    [9, 'Su'],
  ])('starts the week on day %i (%s)', async (weekStart, first) => {
    render(
      <TestProviders>
        <AppDatePicker weekStart={weekStart} value={dayjs('2024-05-15')} testId="d" />
      </TestProviders>,
    );
    await act(async () => void fireEvent.mouseDown(screen.getByRole('textbox')));
    await act(async () => void fireEvent.click(screen.getByRole('textbox')));
    await waitFor(() => expect(headerDays()[0]).toBe(first));
  });

  it('keeps weekday headers short when the widget locale names days in full (Arabic)', async () => {
    render(
      <TestProviders direction="rtl">
        <ConfigProvider locale={arEG}>
          <AppDatePicker value={dayjs('2024-05-15')} testId="d" />
        </ConfigProvider>
      </TestProviders>,
    );
    await act(async () => void fireEvent.mouseDown(screen.getByRole('textbox')));
    await act(async () => void fireEvent.click(screen.getByRole('textbox')));
    await waitFor(() => expect(headerDays()).toHaveLength(7));
    for (const day of headerDays()) expect(day?.length ?? 0).toBeLessThanOrEqual(3);
  });

  it('clamps a typed date past max to max', async () => {
    const onChange = vi.fn<(d: Dayjs | null) => void>();
    render(
      <TestProviders>
        <AppDatePicker
          min={dayjs('2024-01-01')}
          max={dayjs('2024-12-31')}
          onChange={onChange}
          testId="d"
        />
      </TestProviders>,
    );
    const input = screen.getByRole('textbox');
    await act(async () => {
      fireEvent.change(input, { target: { value: '2030-03-03' } });
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onChange.mock.calls.at(-1)?.[0]?.format('YYYY-MM-DD')).toBe('2024-12-31');
  });

  it('under 768 px opens a dialog with a wheel of six 44 px rows and confirms', async () => {
    setViewportWidth(375);
    const onChange = vi.fn<(d: Dayjs | null) => void>();
    render(
      <TestProviders>
        <AppDatePicker value={dayjs('2024-05-15')} onChange={onChange} testId="birth" />
      </TestProviders>,
    );
    expect(screen.getByTestId('birth').textContent).toBe('2024-05-15');
    await act(async () => void fireEvent.click(screen.getByTestId('birth')));
    const dialog = await screen.findByTestId('birth-date-dialog', {}, { timeout: 5000 });
    const wheel = dialog.querySelector<HTMLElement>('.adm-picker-view');
    expect(wheel?.style.getPropertyValue('--item-height')).toBe('44px');
    expect(wheel?.style.getPropertyValue('--height')).toBe('264px');
    await act(async () => void fireEvent.click(screen.getByTestId('birth-date-confirm')));
    expect(onChange.mock.calls.at(-1)?.[0]?.format('YYYY-MM-DD')).toBe('2024-05-15');
    expect(screen.queryByTestId('birth-date-dialog')).toBeNull();
  });

  it('under 768 px takes a range as start, then end, in order', async () => {
    setViewportWidth(375);
    const onChange = vi.fn<(r: [Dayjs, Dayjs] | null) => void>();
    render(
      <TestProviders>
        <AppRangePicker
          value={[dayjs('2024-05-20'), dayjs('2024-05-10')]}
          onChange={onChange}
          testId="period"
        />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('period')));
    const dialog = await screen.findByTestId('period-date-dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('Start date');
    await act(async () => void fireEvent.click(screen.getByTestId('period-date-confirm')));
    expect(dialog.textContent).toContain('End date');
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByTestId('period-date-confirm')));
    const range = onChange.mock.calls.at(-1)?.[0];
    expect(range?.map((d) => d.format('MM-DD'))).toEqual(['05-10', '05-20']);
  });
});

describe('AppAutoComplete', () => {
  it('asks for suggestions 300 ms after typing stops and shows only the latest answer', async () => {
    vi.useFakeTimers();
    const fetchSuggestions = vi.fn(async (q: string) => [
      { label: `${q.toUpperCase()}USDT`, value: `${q}usdt` },
    ]);
    render(
      <TestProviders>
        <AppAutoComplete fetchSuggestions={fetchSuggestions} testId="symbol" />
      </TestProviders>,
    );
    const input = screen.getByTestId('symbol');
    await act(async () => {
      fireEvent.change(input, { target: { value: 'e' } });
      await vi.advanceTimersByTimeAsync(100);
      fireEvent.change(input, { target: { value: 'eth' } });
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(fetchSuggestions).not.toHaveBeenCalled();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(fetchSuggestions).toHaveBeenCalledExactlyOnceWith('eth');
    vi.useRealTimers();
    expect(await screen.findByText('ETHUSDT')).toBeTruthy();
  });
});

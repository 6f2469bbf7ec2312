import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDatePicker, AppRangePicker } from './app-date-picker';
import { lastDaysRange, recentDaysShortcuts } from './date-shortcuts';
import { TestProviders } from './test-providers';
import { setViewportWidth } from './test-viewport';

const TODAY = dayjs('2026-03-10T15:30:00');
const SHORTCUTS = recentDaysShortcuts(
  (days) => `Last ${days} days`,
  () => TODAY,
);
const fmt = (range: readonly Dayjs[] | null | undefined) =>
  range?.map((d) => d.format('YYYY-MM-DD HH:mm:ss'));

beforeEach(() => setViewportWidth(1280));
afterEach(() => cleanup());

describe('range shortcuts', () => {
  it('count calendar days up to the end of today', () => {
    expect(fmt(lastDaysRange(7, TODAY))).toEqual(['2026-03-04 00:00:00', '2026-03-10 23:59:59']);
    expect(fmt(lastDaysRange(30, TODAY))?.[0]).toBe('2026-02-09 00:00:00');
    expect(SHORTCUTS.map((s) => s.text)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days']);
  });

  it('sit beside the calendars on wide screens and pick their range', async () => {
    const onChange = vi.fn<(r: [Dayjs, Dayjs] | null) => void>();
    render(
      <TestProviders>
        <AppRangePicker
          testId="period"
          shortcuts={SHORTCUTS}
          onChange={onChange}
          max={TODAY.endOf('day')}
        />
      </TestProviders>,
    );
    const [start] = screen.getAllByRole('textbox');
    await act(async () => void fireEvent.mouseDown(start!));
    await act(async () => void fireEvent.click(start!));
    const shortcut = await screen.findByTestId('period-shortcut-1');
    expect(shortcut.textContent).toBe('Last 30 days');
    await act(async () => void fireEvent.click(shortcut));
    expect(fmt(onChange.mock.calls.at(-1)?.[0])).toEqual([
      '2026-02-09 00:00:00',
      '2026-03-10 23:59:59',
    ]);
  });

  it('sit above the wheel under 768 px, one tap picking and closing', async () => {
    setViewportWidth(375);
    const onChange = vi.fn<(r: [Dayjs, Dayjs] | null) => void>();
    render(
      <TestProviders>
        <AppRangePicker
          testId="period"
          shortcuts={SHORTCUTS}
          onChange={onChange}
          max={TODAY.endOf('day')}
        />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByTestId('period')));
    await screen.findByTestId('period-date-dialog', {}, { timeout: 5000 });
    await act(async () => void fireEvent.click(screen.getByTestId('period-shortcut-0')));
    expect(fmt(onChange.mock.calls.at(-1)?.[0])).toEqual([
      '2026-03-04 00:00:00',
      '2026-03-10 23:59:59',
    ]);
    expect(screen.queryByTestId('period-date-dialog')).toBeNull();
  });
});

describe('month and year views', () => {
  it('show a month as yyyy-MM and a year as yyyy on wide screens', () => {
    render(
      <TestProviders>
        <AppDatePicker picker="month" value={dayjs('2026-03-10')} testId="m" />
        <AppDatePicker picker="year" value={dayjs('2026-03-10')} testId="y" />
      </TestProviders>,
    );
    const [month, year] = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(month?.value).toBe('2026-03');
    expect(year?.value).toBe('2026');
  });

  it('turn the wheel into year and month columns under 768 px', async () => {
    setViewportWidth(375);
    render(
      <TestProviders>
        <AppDatePicker picker="month" value={dayjs('2026-03-10')} testId="m" />
      </TestProviders>,
    );
    expect(screen.getByTestId('m').textContent).toBe('2026-03');
    await act(async () => void fireEvent.click(screen.getByTestId('m')));
    const dialog = await screen.findByTestId('m-date-dialog', {}, { timeout: 5000 });
    expect(dialog.querySelectorAll('.adm-picker-view-column')).toHaveLength(2);
  });
});

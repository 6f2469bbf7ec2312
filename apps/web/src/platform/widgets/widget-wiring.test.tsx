import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordTable } from '../../ui/record-table';
import { AppDatePicker } from './app-date-picker';
import { AppImage } from './app-image';
import { TestProviders } from './test-providers';
import { setViewportWidth } from './test-viewport';
import { withWidgetTokens } from './widget-config';
import {
  DATE_TABLE,
  IMAGE_VIEWER_ZOOM_STEP,
  TABLE_COLUMN_MIN_WIDTH_PX,
  YEARS_PER_PAGE,
} from './widget-defaults';

beforeEach(() => setViewportWidth(1280));
afterEach(() => cleanup());

async function openPanel() {
  await act(async () => void fireEvent.mouseDown(screen.getByRole('textbox')));
  await act(async () => void fireEvent.click(screen.getByRole('textbox')));
}

describe('the widget numbers of spec section 9 where the widgets are used', () => {
  it('gives antd tables a 48 px selection column and trees a 16 px indent', () => {
    const components = withWidgetTokens({}).components;
    expect(components?.Table?.selectionColumnWidth).toBe(48);
    expect(components?.Tree?.indentSize).toBe(16);
  });

  it('keeps every column of a record table at least 80 px wide', async () => {
    const { container } = render(
      <TestProviders>
        <RecordTable
          columns={[
            { key: 'a', title: 'A', render: (r: { id: string }) => r.id },
            { key: 'b', title: 'B', render: () => '-' },
          ]}
          rows={[{ id: '1' }]}
          rowKey={(r) => r.id}
        />
      </TestProviders>,
    );
    await waitFor(() => expect(container.querySelectorAll('col')).toHaveLength(2), {
      timeout: 15_000,
    });
    for (const col of container.querySelectorAll<HTMLElement>('col')) {
      expect(col.style.minWidth).toBe(`${TABLE_COLUMN_MIN_WIDTH_PX}px`);
    }
  }, 20_000);

  it('zooms the image preview in steps of 0.2', async () => {
    render(
      <TestProviders>
        <AppImage src="/static/coins/btc.svg" alt="proof" data-testid="img" />
      </TestProviders>,
    );
    await act(async () => void fireEvent.click(screen.getByAltText('proof')));
    const zoomIn = await waitFor(() => {
      const button = document
        .querySelector<HTMLElement>('.anticon-zoom-in')
        ?.closest<HTMLElement>('[class*="actions-action"]');
      expect(button).toBeTruthy();
      return button!;
    });
    await act(async () => void fireEvent.click(zoomIn));
    const scale = 1 + IMAGE_VIEWER_ZOOM_STEP;
    await waitFor(() => {
      const img = document.querySelector<HTMLElement>('.ant-image-preview-img');
      expect(img?.style.transform).toContain(`scale3d(${scale}, ${scale}, 1)`);
    });
  });

  it('shows ten years a page and days as 6 x 7', async () => {
    render(
      <TestProviders>
        <AppDatePicker picker="year" value={dayjs('2026-03-10')} testId="y" />
      </TestProviders>,
    );
    await openPanel();
    await waitFor(() =>
      expect(
        document.querySelectorAll('.ant-picker-year-panel .ant-picker-cell-in-view'),
      ).toHaveLength(YEARS_PER_PAGE),
    );
    cleanup();
    render(
      <TestProviders>
        <AppDatePicker value={dayjs('2026-03-10')} testId="d" />
      </TestProviders>,
    );
    await openPanel();
    await waitFor(() => {
      const rows = document.querySelectorAll('.ant-picker-date-panel tbody tr');
      expect(rows).toHaveLength(DATE_TABLE.rows);
      expect(rows[0]?.querySelectorAll('td')).toHaveLength(DATE_TABLE.columns);
    });
  }, 20_000);
});

import { describe, expect, it } from 'vitest';
import * as d from './widget-defaults';

describe('widget defaults of spec section 9', () => {
  it('sizes dialogs and message boxes 396 / 480 / 640 / 720 px, over a 2000 modal base', () => {
    expect(d.DIALOG_WIDTH_PX).toEqual({ small: 396, medium: 480, large: 640, xlarge: 720 });
    expect(d.MODAL_Z_INDEX).toBe(2000);
    expect([d.MESSAGE_BOX_TOP, d.DIALOG_TOP]).toEqual(['30vh', '15vh']);
    expect([d.DIALOG_MOBILE_MAX_HEIGHT, d.DIALOG_MOBILE_MIN_HEIGHT]).toEqual(['80vh', '30vh']);
    expect(d.MOBILE_BREAKPOINT_PX).toBe(768);
    expect(d.MODAL_CLOSE_MS).toBe(200);
  });

  it('debounces searches and filters 300 ms', () => {
    expect([
      d.MULTI_SELECT_FILTER_DEBOUNCE_MS,
      d.REMOTE_SEARCH_DEBOUNCE_MS,
      d.AUTOCOMPLETE_DEBOUNCE_MS,
      d.HOVER_RESET_MS,
      d.DEFAULT_DEBOUNCE_MS,
    ]).toEqual([300, 300, 300, 300, 300]);
  });

  it('bounds dates and times', () => {
    expect(d.DEFAULT_DATE_RANGE_YEARS).toBe(10);
    expect(d.TIME_BOUNDS).toEqual({
      hour: { min: 0, max: 23 },
      minute: { min: 0, max: 59 },
      second: { min: 0, max: 59 },
    });
    expect([d.DEFAULT_DATE_FORMAT, d.DEFAULT_TIME_FORMAT, d.DEFAULT_WEEK_START]).toEqual([
      'yyyy-MM-dd',
      'HH:mm:ss',
      7,
    ]);
    expect([d.YEARS_PER_PAGE, d.DATE_TABLE.rows, d.DATE_TABLE.columns]).toEqual([10, 6, 7]);
  });

  it('gives selects four heights and wheels six 44 px rows', () => {
    expect(d.SELECT_HEIGHT_PX).toEqual({ large: 48, medium: 40, standard: 32, small: 24 });
    expect([d.PICKER_VISIBLE_ITEMS, d.PICKER_ITEM_HEIGHT_PX, d.PICKER_SWIPE_DURATION_MS]).toEqual([
      6, 44, 1000,
    ]);
  });

  it('times toasts, notifications, tooltips and drawers', () => {
    expect([d.NOTIFICATION_DURATION_MS, d.NOTIFICATION_PLACEMENT, d.NOTIFICATION_GAP_PX]).toEqual([
      4000,
      'topRight',
      16,
    ]);
    expect([d.MESSAGE_DURATION_MS, d.MESSAGE_TOP_PX, d.MESSAGE_GAP_PX]).toEqual([3000, 100, 16]);
    expect([d.DRAWER_SIZE, d.DEFAULT_DRAWER_DIRECTION]).toEqual(['30%', 'rtl']);
    expect(d.DRAWER_DIRECTIONS).toEqual(['ltr', 'rtl', 'ttb', 'btt']);
    expect([
      d.TOOLTIP_OPEN_DELAY_MS,
      d.TOOLTIP_HIDE_AFTER_MS,
      d.TOOLTIP_MAX_WIDTH_PX,
      d.TOOLTIP_CLOSE_DEBOUNCE_MS,
      d.POPPER_BOUNDARY_PADDING_PX,
      d.TOOLTIP_BOUNDARY_PADDING_PX,
      d.RESIZE_DEBOUNCE_MS,
    ]).toEqual([0, 0, 300, 200, 5, 10, 16]);
    expect(d.toSeconds(d.TOOLTIP_CLOSE_DEBOUNCE_MS)).toBe(0.2);
  });

  it('sizes tables and keeps the remaining widget numbers', () => {
    expect([
      d.TABLE_COLUMN_MIN_WIDTH_PX,
      d.TABLE_SELECTION_COLUMN_WIDTH_PX,
      d.TABLE_HEADER_HEIGHT_PX,
      d.TREE_INDENT_PX,
    ]).toEqual([80, 48, 44, 16]);
    expect([d.TAG_DEFAULT_EFFECT, d.IMAGE_VIEWER_ZOOM_STEP]).toEqual(['light', 0.2]);
    expect([d.SWIPE_MOMENTUM_MS, d.SWIPE_MOMENTUM_PX, d.KEYBOARD_DATE_SEARCH_YEARS]).toEqual([
      300, 15, 1,
    ]);
  });
});

/**
 * The generic widget defaults of spec section 9, stated once. Every widget
 * wrapper in this folder and the ConfigProvider in app/providers.tsx read
 * them from here; a number of the spec appears nowhere else.
 */

/** Base z-index of modal layers (antd's zIndexPopupBase). */
export const MODAL_Z_INDEX = 2000;

export type DialogSize = 'small' | 'medium' | 'large' | 'xlarge';

/** Dialog and message-box widths in px. */
export const DIALOG_WIDTH_PX: Readonly<Record<DialogSize, number>> = {
  small: 396,
  medium: 480,
  large: 640,
  xlarge: 720,
};

/** Distance from the top of the viewport. */
export const MESSAGE_BOX_TOP = '30vh';
export const DIALOG_TOP = '15vh';

/** Dialog height bounds on narrow screens; the body scrolls inside them. */
export const DIALOG_MOBILE_MAX_HEIGHT = '80vh';
export const DIALOG_MOBILE_MIN_HEIGHT = '30vh';

/** Under this width selects become action sheets and date pickers dialogs. */
export const MOBILE_BREAKPOINT_PX = 768;

/** How long a modal takes to close before it is removed. */
export const MODAL_CLOSE_MS = 200;

export const MULTI_SELECT_FILTER_DEBOUNCE_MS = 300;
export const REMOTE_SEARCH_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const HOVER_RESET_MS = 300;
/** What useDebouncedCallback and useDebouncedValue wait when not told otherwise. */
export const DEFAULT_DEBOUNCE_MS = 300;

/** Swipe momentum: a flick shorter than this time and longer than this distance keeps moving. */
export const SWIPE_MOMENTUM_MS = 300;
export const SWIPE_MOMENTUM_PX = 15;

/** Date pickers allow this many years before and after today unless told otherwise. */
export const DEFAULT_DATE_RANGE_YEARS = 10;

export const TIME_BOUNDS = {
  hour: { min: 0, max: 23 },
  minute: { min: 0, max: 59 },
  second: { min: 0, max: 59 },
} as const;

/** Spec formats are Unicode patterns (yyyy-MM-dd); see toDayjsFormat. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIME_FORMAT = 'HH:mm:ss';

/** Week start 1 (Monday) .. 7 (Sunday). */
export const DEFAULT_WEEK_START = 7;

export const YEARS_PER_PAGE = 10;
export const DATE_TABLE = { rows: 6, columns: 7 } as const;
/** Keyboard navigation in a date table looks this far for an enabled date. */
export const KEYBOARD_DATE_SEARCH_YEARS = 1;

export type SelectSize = 'large' | 'medium' | 'standard' | 'small';

export const SELECT_HEIGHT_PX: Readonly<Record<SelectSize, number>> = {
  large: 48,
  medium: 40,
  standard: 32,
  small: 24,
};

/** Wheel pickers on narrow screens. */
export const PICKER_VISIBLE_ITEMS = 6;
export const PICKER_ITEM_HEIGHT_PX = 44;
export const PICKER_SWIPE_DURATION_MS = 1000;

export const NOTIFICATION_DURATION_MS = 4000;
export const NOTIFICATION_PLACEMENT = 'topRight';
export const NOTIFICATION_GAP_PX = 16;

export const MESSAGE_DURATION_MS = 3000;
export const MESSAGE_TOP_PX = 100;
export const MESSAGE_GAP_PX = 16;

/** Drawer size as a share of the viewport along its direction. */
export const DRAWER_SIZE = '30%';
/** Element-style directions: ltr slides in from the left, rtl from the right. */
export type DrawerDirection = 'ltr' | 'rtl' | 'ttb' | 'btt';
export const DRAWER_DIRECTIONS: readonly DrawerDirection[] = ['ltr', 'rtl', 'ttb', 'btt'];
export const DEFAULT_DRAWER_DIRECTION: DrawerDirection = 'rtl';

export const TOOLTIP_OPEN_DELAY_MS = 0;
/** 0: a tooltip stays while hovered or focused, it never hides by itself. */
export const TOOLTIP_HIDE_AFTER_MS = 0;
export const TOOLTIP_MAX_WIDTH_PX = 300;
export const TOOLTIP_CLOSE_DEBOUNCE_MS = 200;
export const POPPER_BOUNDARY_PADDING_PX = 5;
export const TOOLTIP_BOUNDARY_PADDING_PX = 10;
export const RESIZE_DEBOUNCE_MS = 16;

export const TABLE_COLUMN_MIN_WIDTH_PX = 80;
export const TABLE_SELECTION_COLUMN_WIDTH_PX = 48;
export const TABLE_HEADER_HEIGHT_PX = 44;
export const TREE_INDENT_PX = 16;

/** Element's "light" tag effect: a tinted ground with a border, antd's outlined variant. */
export const TAG_DEFAULT_EFFECT = 'light';

export const IMAGE_VIEWER_ZOOM_STEP = 0.2;

/** antd takes seconds where the spec gives milliseconds. */
export const toSeconds = (ms: number): number => ms / 1000;

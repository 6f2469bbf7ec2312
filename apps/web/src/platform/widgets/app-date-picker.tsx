/**
 * Date and range pickers on antd's DatePicker with the rules of spec
 * sections 4, 5 and 9: week start, ten-year bounds with clamping, disabled
 * dates, typed input parsed against the spec formats, ranges picked in
 * either order, month and year views, range shortcuts (spec section 4's
 * option shape: text and onClick), and a wheel in a dialog under 768 px.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, DatePicker } from 'antd';
import enUS from 'antd/es/date-picker/locale/en_US';
import dayjs, { type Dayjs } from 'dayjs';
import {
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
  type KeyboardEvent,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../ui/use-media';
import type { DateDialogProps } from './date-dialog';
import {
  defaultDateBounds,
  joinDateTimeFormat,
  orderRange,
  parseTyped,
  settleDate,
  toDayjsFormat,
  type DateBounds,
  type DisabledDate,
  type SelectableTimeRange,
} from './date-rules';
import { weekStartLocale } from './week-start-locale';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, DEFAULT_WEEK_START } from './widget-defaults';

// antd-mobile's wheel loads only on narrow screens.
const DateDialog = lazy(() => import('./date-dialog').then((m) => ({ default: m.DateDialog })));

/** What a picker picks: a day (default), a month or a year. */
export type DatePickerView = 'date' | 'month' | 'year';

/** A range shortcut (spec section 4, "date-picker shortcut (text, onClick)"): onClick answers the range. */
export interface DateRangeShortcut {
  text: string;
  onClick: () => [Dayjs, Dayjs];
}

/** The spec pattern shown for a month or a year when no format is given. */
const VIEW_FORMAT: Record<DatePickerView, string> = {
  date: DEFAULT_DATE_FORMAT,
  month: 'yyyy-MM',
  year: 'yyyy',
};

interface DatePickerCommon {
  /** Day (default), month or year picking; a month or year has no time. */
  picker?: DatePickerView;
  /** 1 (Monday) .. 7 (Sunday, default); anything else counts as 7. */
  weekStart?: number;
  /** Defaults: ten years before and after today. */
  min?: Dayjs;
  max?: Dayjs;
  disabledDate?: DisabledDate;
  /** Spec pattern, default `yyyy-MM-dd`. */
  format?: string;
  /** Pick a time too, in `timeFormat` (default `HH:mm:ss`). */
  showTime?: boolean;
  timeFormat?: string;
  /** With a time: a picked time outside it moves to its start. */
  selectableTimeRange?: SelectableTimeRange;
  disabled?: boolean;
  /** On the input on wide screens, on the trigger on narrow ones; the dialog is `${testId}-date-dialog`. */
  testId?: string;
  className?: string;
}

export interface AppDatePickerProps extends DatePickerCommon {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  placeholder?: string;
}

export interface AppRangePickerProps extends DatePickerCommon {
  value?: readonly [Dayjs, Dayjs] | null;
  onChange?: (value: [Dayjs, Dayjs] | null) => void;
  placeholder?: [string, string];
  /** Beside the calendars on wide screens, above the wheel on narrow ones: `${testId}-shortcut-<i>`. */
  shortcuts?: readonly DateRangeShortcut[];
}

interface Resolved {
  bounds: DateBounds;
  /** The dayjs format antd displays and parses. */
  displayFormat: string;
  /** The spec pattern typed text is parsed against. */
  typedPattern: string;
  timeFormat: string;
  disabledDate?: DisabledDate;
  pickerLocale: typeof enUS;
  showTime: boolean;
  view: DatePickerView;
}

/** What the single and the range picker on wide screens are both given. */
function sharedPickerProps(r: Resolved, props: DatePickerCommon, testId: string | undefined) {
  return {
    format: r.displayFormat,
    showTime: r.showTime ? { format: r.timeFormat } : false,
    minDate: r.bounds.min,
    maxDate: r.bounds.max,
    disabledDate: r.disabledDate,
    locale: r.pickerLocale,
    picker: r.view,
    disabled: props.disabled,
    className: props.className,
    'data-testid': testId,
  } as const;
}

function useResolved(props: DatePickerCommon): Resolved {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const base = locale?.DatePicker ?? enUS;
  const weekStart = props.weekStart ?? DEFAULT_WEEK_START;
  const dayjsLocale = dayjs.locale();
  const view = props.picker ?? 'date';
  const { min: minProp, max: maxProp, selectableTimeRange } = props;
  const showTime = view === 'date' && (props.showTime ?? false);
  const dateFormat = props.format ?? VIEW_FORMAT[view];
  const timeFormat = props.timeFormat ?? DEFAULT_TIME_FORMAT;
  const pickerLocale = useMemo(
    () => ({
      ...base,
      lang: {
        ...base.lang,
        locale: weekStartLocale(dayjsLocale, weekStart),
        // Some widget locales (Arabic) name the weekdays in full, which do not fit a
        // day column: the dayjs locale's shortest names are used instead.
        shortWeekDays: base.lang.shortWeekDays?.some((d) => d.length > 3)
          ? undefined
          : base.lang.shortWeekDays,
      },
    }),
    [base, dayjsLocale, weekStart],
  );
  const bounds = useMemo(() => {
    const fallback = defaultDateBounds();
    return {
      min: minProp ?? fallback.min,
      max: maxProp ?? fallback.max,
      selectableTimeRange: showTime ? selectableTimeRange : undefined,
    };
  }, [minProp, maxProp, selectableTimeRange, showTime]);
  const typedPattern = joinDateTimeFormat(dateFormat, showTime ? timeFormat : undefined);
  return {
    bounds,
    displayFormat: toDayjsFormat(typedPattern),
    typedPattern,
    timeFormat: toDayjsFormat(timeFormat),
    disabledDate: props.disabledDate,
    pickerLocale,
    showTime,
    view,
  };
}

/**
 * antd refuses typed dates outside [min, max]; the spec clamps them. On
 * Enter or blur, text that parses in the spec format but lies outside the
 * bounds becomes the nearest bound.
 */
function typedOutOfBounds(text: string, r: Resolved): Dayjs | null {
  const typed = parseTyped(text, r.typedPattern);
  if (!typed) return null;
  const settled = settleDate(typed, r.bounds);
  if (settled.isSame(typed) || r.disabledDate?.(settled)) return null;
  return settled;
}

const inputOf = (event: { target: EventTarget }): string =>
  event.target instanceof HTMLInputElement ? event.target.value : '';

export function AppDatePicker(props: AppDatePickerProps) {
  const isMobile = useIsMobile();
  const r = useResolved(props);
  const { t } = useTranslation();
  const { value, onChange, testId } = props;
  const shown = value ? settleDate(value, r.bounds) : value;
  const emit = (next: Dayjs | null) => onChange?.(next ? settleDate(next, r.bounds) : null);

  if (isMobile) {
    return (
      <MobileDate
        testId={testId ?? 'date'}
        label={shown ? shown.format(r.displayFormat) : null}
        placeholder={props.placeholder ?? t('widgets.datePlaceholder')}
        disabled={props.disabled}
        className={props.className}
        dialog={{
          range: false,
          value: shown ? [shown] : [],
          bounds: r.bounds,
          disabledDate: r.disabledDate,
          showTime: r.showTime,
          view: r.view,
          onConfirm: (picked) => emit(picked[0] ?? null),
        }}
      />
    );
  }

  const clampTyped = (event: KeyboardEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const clamped = typedOutOfBounds(inputOf(event), r);
    if (clamped) emit(clamped);
  };
  return (
    <DatePicker
      value={shown}
      onChange={(next: Dayjs | null) => emit(next)}
      {...sharedPickerProps(r, props, testId)}
      placeholder={props.placeholder}
      onKeyDown={(event) => {
        if (event.key === 'Enter') clampTyped(event);
      }}
      onBlur={clampTyped}
    />
  );
}

export function AppRangePicker(props: AppRangePickerProps) {
  const isMobile = useIsMobile();
  const r = useResolved(props);
  const { t } = useTranslation();
  const { value, onChange, testId } = props;
  const shown = value
    ? ([settleDate(value[0], r.bounds), settleDate(value[1], r.bounds)] as [Dayjs, Dayjs])
    : null;
  const emit = (next: readonly [Dayjs, Dayjs] | null) => {
    if (!next) return onChange?.(null);
    // Picked in either order, stored start first (spec section 4).
    const [start, end] = orderRange(settleDate(next[0], r.bounds), settleDate(next[1], r.bounds));
    onChange?.([start, end]);
  };

  if (isMobile) {
    return (
      <MobileDate
        testId={testId ?? 'date-range'}
        label={shown ? shown.map((d) => d.format(r.displayFormat)).join(' ~ ') : null}
        placeholder={
          props.placeholder?.join(' ~ ') ?? `${t('widgets.startDate')} ~ ${t('widgets.endDate')}`
        }
        disabled={props.disabled}
        className={props.className}
        dialog={{
          range: true,
          value: shown ?? [],
          bounds: r.bounds,
          disabledDate: r.disabledDate,
          showTime: r.showTime,
          view: r.view,
          shortcuts: props.shortcuts,
          onConfirm: ([start, end]) => {
            if (start && end) emit([start, end]);
          },
        }}
      />
    );
  }

  return (
    <DatePicker.RangePicker
      value={shown}
      onChange={(next) => emit(next && next[0] && next[1] ? [next[0], next[1]] : null)}
      order
      {...sharedPickerProps(r, props, testId)}
      placeholder={props.placeholder}
      presets={props.shortcuts?.map((shortcut, i) => ({
        label: <span data-testid={`${testId ?? 'date-range'}-shortcut-${i}`}>{shortcut.text}</span>,
        value: shortcut.onClick,
      }))}
    />
  );
}

function MobileDate({
  testId,
  label,
  placeholder,
  disabled,
  className,
  dialog,
}: {
  testId: string;
  label: ReactNode;
  placeholder: string;
  disabled?: boolean;
  className?: string;
  dialog: Omit<DateDialogProps, 'open' | 'onClose' | 'testId'>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        data-testid={testId}
        className={`widget-trigger ${className ?? ''}`.trim()}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label ?? <span className="widget-trigger-placeholder">{placeholder}</span>}
        <CalendarOutlined />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DateDialog {...dialog} open={open} onClose={() => setOpen(false)} testId={testId} />
        </Suspense>
      )}
    </>
  );
}

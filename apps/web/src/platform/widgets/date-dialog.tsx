/**
 * The date picker on narrow screens (spec section 2): a dialog with a wheel
 * of 6 visible rows of 44 px and confirm and cancel. A range takes the
 * start, then the end. Loaded lazily, so antd-mobile stays out of the first
 * load.
 */
import { Button } from 'antd';
// Deep imports: the package root pulls every component and its styles into the bundle.
import 'antd-mobile/es/global';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import DatePickerView from 'antd-mobile/es/components/date-picker-view';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './mobile-widgets.css';
import { orderRange, settleDate, type DateBounds, type DisabledDate } from './date-rules';
import { PICKER_ITEM_HEIGHT_PX, PICKER_VISIBLE_ITEMS } from './widget-defaults';

export interface DateDialogProps {
  open: boolean;
  onClose: () => void;
  range: boolean;
  /** The current value: one date, or start and end. */
  value: readonly Dayjs[];
  bounds: DateBounds;
  disabledDate?: DisabledDate;
  showTime: boolean;
  /** A month or a year wheel instead of a day's. */
  view?: 'date' | 'month' | 'year';
  /** Range shortcuts: one tap picks the range and confirms it. */
  shortcuts?: readonly { text: string; onClick: () => [Dayjs, Dayjs] }[];
  onConfirm: (picked: Dayjs[]) => void;
  testId: string;
}

const WHEEL_STYLE = {
  '--item-height': `${PICKER_ITEM_HEIGHT_PX}px`,
  '--height': `${PICKER_VISIBLE_ITEMS * PICKER_ITEM_HEIGHT_PX}px`,
} as CSSProperties;

export function DateDialog({
  open,
  onClose,
  range,
  value,
  bounds,
  disabledDate,
  showTime,
  view = 'date',
  shortcuts,
  onConfirm,
  testId,
}: DateDialogProps) {
  const { t } = useTranslation();
  const start = () => settleDate(value[0] ?? dayjs().startOf(showTime ? 'second' : 'day'), bounds);
  const [step, setStep] = useState<0 | 1>(0);
  const [picked, setPicked] = useState<Dayjs[]>(() => [
    start(),
    settleDate(value[1] ?? start(), bounds),
  ]);
  const current = picked[step] ?? start();

  const confirm = () => {
    if (disabledDate?.(current)) return;
    if (range && step === 0) {
      setStep(1);
      return;
    }
    const [a, b] = [picked[0] ?? current, picked[1] ?? current];
    onConfirm(range ? orderRange(a, b) : [current]);
    onClose();
  };

  return (
    <CenterPopup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      className="widget-sheet-layer widget-date-dialog"
      data-testid={`${testId}-date-dialog`}
      role="dialog"
    >
      <div className="widget-date-dialog-body">
        <h2 className="widget-date-dialog-title">
          {range
            ? step === 0
              ? t('widgets.startDate')
              : t('widgets.endDate')
            : t('widgets.datePlaceholder')}
        </h2>
        {range && shortcuts?.length ? (
          <div className="widget-date-dialog-shortcuts">
            {shortcuts.map((shortcut, i) => (
              <Button
                key={shortcut.text}
                size="small"
                data-testid={`${testId}-shortcut-${i}`}
                onClick={() => {
                  const [a, b] = shortcut.onClick();
                  onConfirm(orderRange(settleDate(a, bounds), settleDate(b, bounds)));
                  onClose();
                }}
              >
                {shortcut.text}
              </Button>
            ))}
          </div>
        ) : null}
        <DatePickerView
          key={step}
          style={WHEEL_STYLE}
          value={current.toDate()}
          min={bounds.min.toDate()}
          max={bounds.max.toDate()}
          precision={showTime ? 'second' : view === 'date' ? 'day' : view}
          filter={disabledDate ? { day: (_, { date }) => !disabledDate(dayjs(date)) } : undefined}
          onChange={(date) => {
            const next = settleDate(dayjs(date), bounds);
            setPicked((p) => (step === 0 ? [next, p[1] ?? next] : [p[0] ?? next, next]));
          }}
        />
        <div className="widget-date-dialog-actions">
          <Button data-testid={`${testId}-date-cancel`} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            data-testid={`${testId}-date-confirm`}
            disabled={Boolean(disabledDate?.(current))}
            onClick={confirm}
          >
            {range && step === 0 ? t('widgets.next') : t('common.confirm')}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}

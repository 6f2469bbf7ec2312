import { DownloadOutlined } from '@ant-design/icons';
import type { OrderSide } from '@quay/core';
import { Button } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRangePicker } from '../../../platform/widgets/app-date-picker';
import { AppSelect } from '../../../platform/widgets/app-select';
import { recentDaysShortcuts } from '../../../platform/widgets/date-shortcuts';
import type { TradeFilter } from '../../../entities/history-filter';
import type { MarketPrecision } from '../hooks/use-market-precisions';
import { perpPairOf } from '../utils/futures-figures';

const ALL = 'all';

export const EMPTY_TRADE_FILTER: TradeFilter = { symbol: null, side: null, begin: null, end: null };

/** A records screen's filter and page: a changed filter starts again at the first page. */
export function useFilterPaging() {
  const [filter, setFilter] = useState<TradeFilter>(EMPTY_TRADE_FILTER);
  const [pageNo, setPageNo] = useState(1);
  const refilter = (next: TradeFilter) => {
    setFilter(next);
    setPageNo(1);
  };
  return { filter, setFilter, pageNo, setPageNo, refilter };
}

/** How the futures records name a perpetual in the pair filter: `BTC/USDT Perp`. */
export function usePerpPairLabel(): (market: MarketPrecision) => string {
  const { t } = useTranslation();
  return (m) => `${perpPairOf(m.symbol)} ${t('futuresRecords.perp')}`;
}

/** Pair, side and time range of the trade history, with reset and CSV export. */
export function TradeFilters({
  markets,
  filter,
  onChange,
  onExport,
  exporting,
  withSide,
  pairLabel = (m) => `${m.base}/${m.quote}`,
  extra,
  onReset,
}: {
  markets: readonly MarketPrecision[];
  filter: TradeFilter;
  onChange: (next: TradeFilter) => void;
  onExport: () => void;
  exporting: boolean;
  /** The fill history has no side filter on the server. */
  withSide: boolean;
  /** How a market reads in the pair filter: `BTC/USDT` unless told (perpetuals: `BTCUSDT Perp`). */
  pairLabel?: (market: MarketPrecision) => string;
  /** Filters of the page's own after the pair (a record type). */
  extra?: ReactNode;
  /** Clears the page's own filters too. */
  onReset?: () => void;
}) {
  const { t } = useTranslation();
  // Nothing can have happened after today: the range ends there.
  const [today] = useState(() => dayjs().endOf('day'));
  const range: [Dayjs, Dayjs] | null =
    filter.begin !== null && filter.end !== null ? [dayjs(filter.begin), dayjs(filter.end)] : null;

  return (
    <div className="record-filters">
      <AppSelect<string>
        testId="record-symbol"
        className="record-filter-select"
        title={t('record.pair')}
        searchable
        value={filter.symbol ?? ALL}
        options={[
          { value: ALL, label: t('record.allPairs') },
          ...markets.map((m) => ({
            value: m.symbol,
            label: pairLabel(m),
            searchText: `${m.base}${m.quote} ${m.base}/${m.quote} ${pairLabel(m)}`,
          })),
        ]}
        onChange={(v) => onChange({ ...filter, symbol: v === ALL ? null : v })}
      />
      {extra}
      {withSide ? (
        <AppSelect<string>
          testId="record-side"
          className="record-filter-select"
          title={t('record.side')}
          value={filter.side ?? ALL}
          options={[
            { value: ALL, label: t('record.allSides') },
            { value: 'buy', label: t('record.sides.buy') },
            { value: 'sell', label: t('record.sides.sell') },
          ]}
          onChange={(v) => onChange({ ...filter, side: v === ALL ? null : (v as OrderSide) })}
        />
      ) : null}
      <AppRangePicker
        testId="record-range"
        max={today}
        shortcuts={recentDaysShortcuts(
          (days) => t('widgets.lastDays', { days }),
          () => dayjs(),
        )}
        value={range}
        onChange={(v) =>
          onChange({
            ...filter,
            begin: v ? v[0].startOf('day').valueOf() : null,
            end: v ? v[1].endOf('day').valueOf() : null,
          })
        }
      />
      <Button
        onClick={() => {
          onChange(EMPTY_TRADE_FILTER);
          onReset?.();
        }}
      >
        {t('record.reset')}
      </Button>
      <Button
        className="record-export"
        icon={<DownloadOutlined />}
        loading={exporting}
        data-testid="record-export"
        onClick={onExport}
      >
        {t('record.exportCsv')}
      </Button>
    </div>
  );
}

import {
  MARGIN_RECORD_KINDS,
  type MarginModeName,
  type MarginRecord,
  type MarginRecordKind,
} from '@quay/core';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMarginConfig } from '../../../entities/margin/margin-accounts';
import type { MarginRecordFilter } from '../../../entities/margin/margin-keys';
import { fetchMarginRecords, useMarginRecords } from '../../../entities/margin/margin-records';
import { AppSelect } from '../../../platform/widgets/app-select';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { WalletLayout } from '../../../ui/wallet-layout';
import { useMarketPrecisions } from '../hooks/use-market-precisions';
import { buildCsv, downloadCsv } from '../utils/csv';
import { EXPORT_MAX_ROWS, fetchAllPages } from '../utils/fetch-all';
import {
  MARGIN_RECORD_FIGURES,
  marginAccountLabel,
  marginExportFileName,
  marginFigure,
  marginRecordExport,
} from '../utils/margin-export-rows';
import { RecordList } from './record-list';
import { TradeFilters, useFilterPaging } from './trade-filters';
import './records.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const PAGE_SIZE = 20;
const ALL = 'all';

const kindOf = (value: string | null): MarginRecordKind =>
  MARGIN_RECORD_KINDS.find((k) => k === value) ?? 'borrow';

/**
 * The margin history: borrows, repayments, interest charged and
 * liquidations, filtered by account, isolated market, coin and dates, paged,
 * and exportable as CSV.
 */
export function MarginRecordsPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const { filter: trade, pageNo, setPageNo, refilter } = useFilterPaging();
  const [mode, setMode] = useState<MarginModeName | null>(null);
  const [coin, setCoin] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const config = useMarginConfig();
  const marginSymbols = new Set(config.data?.markets.map((m) => m.symbol));
  const markets = useMarketPrecisions().filter((m) => marginSymbols.has(m.symbol));
  const pairOf = (symbol: string) => {
    const m = markets.find((x) => x.symbol === symbol);
    return m ? `${m.base}/${m.quote}` : symbol;
  };
  const filter: MarginRecordFilter = {
    kind,
    mode: trade.symbol ? 'isolated' : mode,
    symbol: trade.symbol,
    coin,
    begin: trade.begin,
    end: trade.end,
  };
  const records = useMarginRecords(filter, pageNo, PAGE_SIZE);
  const label = (key: string) => t(key);

  const columns: RecordColumn<MarginRecord>[] = [
    {
      key: 'time',
      title: t('record.time'),
      card: 'wide',
      render: (r) => <DateTime value={r.time} />,
    },
    {
      key: 'coin',
      title: t('record.coin'),
      card: 'title',
      render: (r) => <strong>{r.coin}</strong>,
    },
    {
      key: 'account',
      title: t('marginRecords.account'),
      render: (r) => marginAccountLabel(r, label, pairOf),
      card: 'end',
    },
    ...MARGIN_RECORD_FIGURES[kind].map((f): RecordColumn<MarginRecord> => ({
      key: f,
      title: t(`marginRecords.figures.${f}`),
      align: 'end',
      render: (r) => (
        <bdi dir="ltr" data-testid={`margin-record-${f}`}>
          {marginFigure(r, f)}
        </bdi>
      ),
    })),
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllPages((p, size) => fetchMarginRecords(filter, p, size));
      if (all.items.length === 0) {
        void message.info(t('record.nothingToExport'));
        return;
      }
      const { header, rows } = marginRecordExport(kind, all.items, label, pairOf);
      downloadCsv(marginExportFileName(kind, Date.now()), buildCsv(header, rows));
      if (all.truncated) void message.warning(t('record.exportCut', { count: EXPORT_MAX_ROWS }));
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <WalletLayout testId="record-margin">
      <h1 className="wallet-title">{t('marginRecords.title')}</h1>
      <section className="wallet-card record-card">
        <Tabs
          activeKey={kind}
          onChange={(key) => {
            setPageNo(1);
            setParams(key === 'borrow' ? {} : { kind: key }, { replace: true });
          }}
          items={MARGIN_RECORD_KINDS.map((k) => ({
            key: k,
            label: (
              <span data-testid={`margin-records-tab-${k}`}>{t(`marginRecords.kinds.${k}`)}</span>
            ),
          }))}
        />
        <TradeFilters
          markets={markets}
          filter={trade}
          onChange={refilter}
          onReset={() => {
            setMode(null);
            setCoin(null);
          }}
          onExport={() => void exportCsv()}
          exporting={exporting}
          withSide={false}
          extra={
            <>
              <AppSelect<string>
                testId="margin-record-mode"
                className="record-filter-select"
                title={t('marginRecords.account')}
                value={trade.symbol ? 'isolated' : (mode ?? ALL)}
                options={[
                  { value: ALL, label: t('marginRecords.allAccounts') },
                  { value: 'cross', label: t('margin.modes.cross') },
                  { value: 'isolated', label: t('margin.modes.isolated') },
                ]}
                onChange={(v) => {
                  setMode(v === ALL ? null : (v as MarginModeName));
                  if (v !== 'isolated' && trade.symbol) refilter({ ...trade, symbol: null });
                  else setPageNo(1);
                }}
              />
              <AppSelect<string>
                testId="margin-record-coin"
                className="record-filter-select"
                title={t('record.coin')}
                value={coin ?? ALL}
                options={[
                  { value: ALL, label: t('marginRecords.allCoins') },
                  ...(config.data?.coins ?? []).map((c) => ({ value: c.coin, label: c.coin })),
                ]}
                onChange={(v) => {
                  setCoin(v === ALL ? null : v);
                  setPageNo(1);
                }}
              />
            </>
          }
        />
        <RecordList
          columns={columns}
          page={records.data}
          loading={records.isFetching}
          rowKey={(r) => r.id}
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          onPage={setPageNo}
        />
      </section>
    </WalletLayout>
  );
}

import type { FundingPayment, FuturesBill, FuturesBillType } from '@quay/core';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppSelect } from '../../../platform/widgets/app-select';
import { DateTime } from '../../../ui/date-time';
import { WalletLayout } from '../../../ui/wallet-layout';
import { fetchFundingPage, useFundingPage } from '../../../entities/positions/funding';
import { fetchFuturesBills, useFuturesBills, type BillFilter } from '../api/futures-bills';
import { usePerpMarketPrecisions } from '../hooks/use-market-precisions';
import { buildCsv, downloadCsv } from '../utils/csv';
import { EXPORT_MAX_ROWS, fetchAllPages } from '../utils/fetch-all';
import { billExport, fundingExport, futuresExportFileName } from '../utils/futures-export-rows';
import { formatRate } from '../../../platform/numbers/number-format';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { PerpSymbol, PositionSideText, SignedAmount } from './futures-cells';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordList } from './record-list';
import { TradeFilters, useFilterPaging, usePerpPairLabel } from './trade-filters';
import './records.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const PAGE_SIZE = 20;
const ALL = 'all';
type Tab = 'funding' | 'bills';

/** The bill types a user can filter by, in the order an exchange lists them. */
export const BILL_TYPES: readonly FuturesBillType[] = [
  'transfer_in',
  'transfer_out',
  'realised_pnl',
  'fee',
  'funding',
  'liquidation',
  'adl',
  'margin',
];

/**
 * The futures wallet's records: funding payments and every change of the
 * wallet (bills: transfers, realised PnL, fees, funding, liquidation, ADL),
 * filtered by perpetual, type and dates, exportable as CSV.
 */
export function FuturesRecordsPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'bills' ? 'bills' : 'funding';
  const [billType, setBillType] = useState<FuturesBillType | null>(null);
  const { filter, pageNo, setPageNo, refilter } = useFilterPaging();
  const perpPairLabel = usePerpPairLabel();
  const [exporting, setExporting] = useState(false);
  const markets = usePerpMarketPrecisions();
  const fig = marketFigures(markets);
  const billFilter: BillFilter = { ...filter, side: null, type: billType };
  const funding = useFundingPage(filter, pageNo, PAGE_SIZE, tab === 'funding');
  const bills = useFuturesBills(billFilter, pageNo, PAGE_SIZE, tab === 'bills');

  const time = (ms: number) => <DateTime value={ms} />;

  const fundingColumns: RecordColumn<FundingPayment>[] = [
    { key: 'time', title: t('record.time'), render: (p) => time(p.time), card: 'wide' },
    {
      key: 'symbol',
      title: t('futuresRecords.symbol'),
      render: (p) => <PerpSymbol symbol={p.symbol} />,
      card: 'title',
    },
    {
      key: 'side',
      title: t('futuresRecords.positionSide'),
      render: (p) => <PositionSideText side={p.positionSide} />,
      card: 'title',
    },
    {
      key: 'size',
      title: t('futuresRecords.positionSize'),
      align: 'end',
      render: (p) => (
        <bdi dir="ltr">
          {fig.quantity(p.positionSize, p.symbol)} {fig.base(p.symbol)}
        </bdi>
      ),
    },
    {
      key: 'mark',
      title: t('futuresRecords.markPrice'),
      align: 'end',
      render: (p) => fig.price(p.markPrice, p.symbol),
    },
    {
      key: 'rate',
      title: t('futuresRecords.fundingRate'),
      align: 'end',
      render: (p) => <bdi dir="ltr">{formatRate(p.rate)}</bdi>,
    },
    {
      key: 'amount',
      title: t('futuresRecords.fundingFee'),
      align: 'end',
      render: (p) => <SignedAmount value={p.amount} />,
      card: 'end',
    },
  ];

  const billColumns: RecordColumn<FuturesBill>[] = [
    { key: 'time', title: t('record.time'), render: (b) => time(b.time), card: 'wide' },
    {
      key: 'type',
      title: t('record.type'),
      render: (b) => <strong>{t(`futuresRecords.billTypes.${b.type}`)}</strong>,
      card: 'title',
    },
    {
      key: 'symbol',
      title: t('futuresRecords.symbol'),
      render: (b) => (b.symbol ? <PerpSymbol symbol={b.symbol} /> : '--'),
      card: 'title',
    },
    {
      key: 'amount',
      title: t('record.amount'),
      align: 'end',
      render: (b) => <SignedAmount value={b.amount} coin={b.coin} />,
      card: 'end',
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const label = (key: string) => t(key);
      const result =
        tab === 'funding'
          ? await fetchAllPages((p, size) => fetchFundingPage(filter, p, size)).then((r) => ({
              ...fundingExport(r.items, label, marketFigures(markets, true)),
              truncated: r.truncated,
            }))
          : await fetchAllPages((p, size) => fetchFuturesBills(billFilter, p, size)).then((r) => ({
              ...billExport(r.items, label, marketFigures(markets, true)),
              truncated: r.truncated,
            }));
      if (result.rows.length === 0) {
        void message.info(t('record.nothingToExport'));
        return;
      }
      downloadCsv(
        futuresExportFileName(tab === 'funding' ? 'futures-funding' : 'futures-bills', Date.now()),
        buildCsv(result.header, result.rows),
      );
      if (result.truncated) void message.warning(t('record.exportCut', { count: EXPORT_MAX_ROWS }));
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const listProps = { pageNo, pageSize: PAGE_SIZE, onPage: setPageNo };

  return (
    <WalletLayout testId="record-mcp">
      <h1 className="wallet-title">{t('futuresRecords.recordsTitle')}</h1>
      <section className="wallet-card record-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setPageNo(1);
            setParams(key === 'bills' ? { tab: 'bills' } : {}, { replace: true });
          }}
          items={[
            { key: 'funding', label: t('futuresRecords.tabs.funding') },
            { key: 'bills', label: t('futuresRecords.tabs.bills') },
          ]}
        />
        <TradeFilters
          markets={markets}
          pairLabel={perpPairLabel}
          filter={filter}
          onChange={refilter}
          onReset={() => setBillType(null)}
          onExport={() => void exportCsv()}
          exporting={exporting}
          withSide={false}
          extra={
            tab === 'bills' ? (
              <AppSelect<string>
                testId="record-bill-type"
                className="record-filter-select record-filter-type"
                title={t('record.type')}
                value={billType ?? ALL}
                options={[
                  { value: ALL, label: t('futuresRecords.allTypes') },
                  ...BILL_TYPES.map((type) => ({
                    value: type,
                    label: t(`futuresRecords.billTypes.${type}`),
                  })),
                ]}
                onChange={(v) => {
                  setBillType(v === ALL ? null : (v as FuturesBillType));
                  setPageNo(1);
                }}
              />
            ) : null
          }
        />
        {tab === 'funding' ? (
          <RecordList
            {...listProps}
            columns={fundingColumns}
            page={funding.data}
            loading={funding.isFetching}
            rowKey={(p) => `${p.symbol}-${p.positionSide}-${p.time}`}
          />
        ) : (
          <RecordList
            {...listProps}
            columns={billColumns}
            page={bills.data}
            loading={bills.isFetching}
            rowKey={(b) => b.id}
          />
        )}
      </section>
    </WalletLayout>
  );
}

import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WalletLayout } from '../../../ui/wallet-layout';
import {
  fetchSpotFillPage,
  fetchSpotOrderPage,
  useSpotFillPage,
  useSpotOrderPage,
} from '../../../entities/orders/spot-order-pages';
import { useMarketPrecisions } from '../hooks/use-market-precisions';
import { buildCsv, downloadCsv } from '../utils/csv';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { exportFileName, fillExport, orderExport } from '../utils/export-rows';
import { EXPORT_MAX_ROWS, fetchAllPages } from '../utils/fetch-all';
import { TradeFilters, useFilterPaging } from './trade-filters';
import { FillHistoryList, OrderHistoryList } from './trade-history';
import './records.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const PAGE_SIZE = 20;
type Tab = 'orders' | 'fills';

/** Spot order history and fill history, filtered by pair, side and dates, exportable as CSV. */
export function ExchangeRecordsPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'fills' ? 'fills' : 'orders';
  const { filter, pageNo, setPageNo, refilter } = useFilterPaging();
  const [exporting, setExporting] = useState(false);
  const markets = useMarketPrecisions();
  const orders = useSpotOrderPage(filter, pageNo, PAGE_SIZE);
  const fillFilter = { ...filter, side: null };
  const fills = useSpotFillPage(fillFilter, pageNo, PAGE_SIZE);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const label = (key: string) => t(key);
      const { header, rows, truncated } =
        tab === 'orders'
          ? await fetchAllPages((p, size) => fetchSpotOrderPage(filter, p, size)).then((r) => ({
              ...orderExport(r.items, label, marketFigures(markets, true)),
              truncated: r.truncated,
            }))
          : await fetchAllPages((p, size) => fetchSpotFillPage(fillFilter, p, size)).then((r) => ({
              ...fillExport(r.items, label, marketFigures(markets, true)),
              truncated: r.truncated,
            }));
      if (rows.length === 0) {
        void message.info(t('record.nothingToExport'));
        return;
      }
      downloadCsv(
        exportFileName(tab === 'orders' ? 'spot-orders' : 'spot-fills', Date.now()),
        buildCsv(header, rows),
      );
      if (truncated) void message.warning(t('record.exportCut', { count: EXPORT_MAX_ROWS }));
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const listProps = { markets, pageNo, pageSize: PAGE_SIZE, onPage: setPageNo };

  return (
    <WalletLayout testId="record-exchange">
      <h1 className="wallet-title">{t('record.spotHistory')}</h1>
      <section className="wallet-card record-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setPageNo(1);
            setParams(key === 'fills' ? { tab: 'fills' } : {}, { replace: true });
          }}
          items={[
            { key: 'orders', label: t('record.orderHistory') },
            { key: 'fills', label: t('record.fillHistory') },
          ]}
        />
        <TradeFilters
          markets={markets}
          filter={filter}
          onChange={refilter}
          onExport={() => void exportCsv()}
          exporting={exporting}
          withSide={tab === 'orders'}
        />
        {tab === 'orders' ? (
          <OrderHistoryList {...listProps} page={orders.data} loading={orders.isFetching} />
        ) : (
          <FillHistoryList {...listProps} page={fills.data} loading={fills.isFetching} />
        )}
      </section>
    </WalletLayout>
  );
}

import { SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Ticker } from '@quay/core';
import { Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFavourites } from '../../../entities/markets/favourites';
import { usePerpMarkets, useSpotMarkets } from '../../../entities/markets/markets';
import { useSparkline } from '../../../entities/markets/sparkline';
import {
  useLivePerpTickers,
  useLiveSpotTickers,
  usePerpTickers,
  useSpotTickers,
} from '../../../entities/markets/tickers';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { formatCoinAmount, formatPrice } from '../../../platform/numbers/number-format';
import { pathSymbolOf } from '../../../platform/simulation/simulation-mode';
import { changeTone, formatChange } from '../../../ui/market/format';
import { Sparkline } from '../../../ui/market/sparkline';
import { TextTabs } from '../../../ui/text-tabs';
import { useIsMobile } from '../../../ui/use-media';
import {
  marketRow,
  sortRows,
  visibleRows,
  type MarketRow,
  type MarketSort,
  type MarketsTab,
  type SortKey,
} from '../utils/market-rows';
import './markets.css';

const TABS: readonly MarketsTab[] = ['spot', 'futures', 'favourites'];
const NO_TICKERS = new Map<string, Ticker>();

const tradePath = (row: MarketRow) =>
  row.kind === 'spot' ? `/spot/${row.pathSymbol}` : `/futures/usdt/${row.pathSymbol}`;

/** Every spot pair and perpetual with its price, 24 h change and volume, a day's trend, stars and search. */
export function MarketsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const localePath = useLocalePath();
  const spotMarkets = useSpotMarkets();
  const perpMarkets = usePerpMarkets();
  const spotTickers = useSpotTickers();
  const perpTickers = usePerpTickers();
  useLiveSpotTickers(null);
  useLivePerpTickers(null);
  const { favourites, toggle } = useFavourites();
  const [tab, setTab] = useState<MarketsTab>('spot');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<MarketSort | null>(null);

  const rows = useMemo(() => {
    const spotBy = new Map((spotTickers.data ?? []).map((x) => [x.symbol, x]));
    const perpBy = perpTickers.data
      ? new Map<string, Ticker>(perpTickers.data.map((x) => [x.symbol, x]))
      : NO_TICKERS;
    return [
      ...(spotMarkets.data ?? []).map((m) => marketRow('spot', m, pathSymbolOf(m), spotBy)),
      ...(perpMarkets.data ?? []).map((m) =>
        marketRow(
          'futures',
          m,
          pathSymbolOf({ symbol: m.pair, base: m.base, quote: m.quote }),
          perpBy,
        ),
      ),
    ];
  }, [spotMarkets.data, perpMarkets.data, spotTickers.data, perpTickers.data]);
  const shown = sortRows(visibleRows(rows, tab, favourites, query), sort);
  const loading = spotMarkets.isPending || perpMarkets.isPending;
  const empty =
    tab === 'favourites' && !query.trim() ? t('markets.noFavourites') : t('markets.noMarkets');

  const star = (row: MarketRow) => {
    const starred = favourites.includes(row.symbol);
    return (
      <button
        type="button"
        className="markets-star"
        aria-pressed={starred}
        aria-label={starred ? t('markets.unstar') : t('markets.star')}
        onClick={() => toggle(row.symbol)}
        data-testid={`markets-star-${row.symbol}`}
      >
        {starred ? <StarFilled className="fav-on" /> : <StarOutlined />}
      </button>
    );
  };
  const name = (row: MarketRow) => (
    <span className="markets-name">
      <strong>{row.base}</strong>
      <span className="muted">{row.kind === 'spot' ? `/${row.quote}` : row.quote}</span>
      {row.kind === 'futures' ? <span className="markets-perp">{t('markets.perp')}</span> : null}
    </span>
  );
  const price = (row: MarketRow) => (
    <bdi dir="ltr" data-testid={`markets-price-${row.symbol}`}>
      {formatPrice(row.ticker?.last, row.pricePrecision)}
    </bdi>
  );
  const change = (row: MarketRow) => (
    <bdi dir="ltr" className={`tone-${changeTone(row.ticker?.change24h)}`}>
      {formatChange(row.ticker?.change24h)}
    </bdi>
  );
  const volume = (row: MarketRow) => (
    <bdi dir="ltr">{formatCoinAmount(row.ticker?.quoteVolume24h, row.quote)}</bdi>
  );
  const sortOrder = (key: SortKey) => (sort?.key === key ? sort.order : null);

  const tabs = (
    <TextTabs
      className="markets-tabs"
      tabs={TABS.map((key) => ({
        key,
        label: (
          <>
            {key === 'favourites' ? <StarFilled className="fav-on" /> : null}
            {t(`markets.tabs.${key}`)}
          </>
        ),
      }))}
      active={tab}
      onSelect={setTab}
      testId={(key) => `markets-tab-${key}`}
    />
  );

  const columns: ColumnsType<MarketRow> = [
    { key: 'star', width: 48, render: (_, row) => star(row) },
    {
      key: 'pair',
      title: t('markets.pair'),
      sorter: true,
      sortOrder: sortOrder('pair'),
      render: (_, row) => (
        <Link to={localePath(tradePath(row))} className="markets-link">
          {name(row)}
        </Link>
      ),
    },
    {
      key: 'price',
      title: t('markets.lastPrice'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrder('price'),
      render: (_, row) => price(row),
    },
    {
      key: 'change',
      title: t('markets.change24h'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrder('change'),
      render: (_, row) => change(row),
    },
    {
      key: 'volume',
      title: t('markets.volume24h'),
      align: 'end',
      sorter: true,
      sortOrder: sortOrder('volume'),
      render: (_, row) => volume(row),
    },
    {
      key: 'trend',
      title: t('markets.trend'),
      align: 'end',
      render: (_, row) => <TrendCell row={row} />,
    },
    {
      key: 'trade',
      align: 'end',
      render: (_, row) => (
        <Link
          to={localePath(tradePath(row))}
          className="markets-trade"
          data-testid={`markets-trade-${row.symbol}`}
        >
          {t('markets.trade')}
        </Link>
      ),
    },
  ];

  const sortButton = (key: SortKey, label: string) => {
    const order = sortOrder(key);
    const next: MarketSort | null =
      order === null
        ? { key, order: 'descend' }
        : order === 'descend'
          ? { key, order: 'ascend' }
          : null;
    return (
      <button
        type="button"
        className={`markets-sort ${order ? 'active' : ''}`}
        aria-sort={order ? `${order}ing` : 'none'}
        onClick={() => setSort(next)}
        data-testid={`markets-sort-${key}`}
      >
        {label}
        <span aria-hidden="true">
          {order === 'ascend' ? ' ↑' : order === 'descend' ? ' ↓' : ''}
        </span>
      </button>
    );
  };

  return (
    <main className="markets-page" data-testid="markets-page">
      <h1 className="markets-title">{t('markets.title')}</h1>
      <div className="markets-bar">
        {tabs}
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('markets.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="markets-search"
          data-testid="markets-search"
        />
      </div>
      {isMobile ? (
        <div className="markets-list" data-testid="markets-list">
          <div className="markets-list-head">
            <span>
              {sortButton('pair', t('markets.pair'))} / {sortButton('volume', t('markets.volume'))}
            </span>
            <span>{sortButton('price', t('markets.lastPrice'))}</span>
            <span>{sortButton('change', t('markets.change24h'))}</span>
          </div>
          {shown.map((row) => (
            <div
              key={row.symbol}
              className="markets-item"
              data-testid={`markets-row-${row.symbol}`}
            >
              {star(row)}
              <Link to={localePath(tradePath(row))} className="markets-item-link">
                <span className="markets-item-name">
                  {name(row)}
                  <span className="muted markets-item-volume">{volume(row)}</span>
                </span>
                <TrendCell row={row} width={56} />
                <span className="markets-item-price">{price(row)}</span>
                <span
                  className={`markets-item-change markets-change-${changeTone(row.ticker?.change24h)}`}
                >
                  {change(row)}
                </span>
              </Link>
            </div>
          ))}
          {shown.length === 0 && !loading ? <div className="markets-empty">{empty}</div> : null}
        </div>
      ) : (
        <Table<MarketRow>
          className="markets-table"
          data-testid="markets-table"
          columns={columns}
          dataSource={shown}
          rowKey={(row) => row.symbol}
          loading={loading}
          pagination={false}
          locale={{ emptyText: empty }}
          onRow={(row) => ({ 'data-testid': `markets-row-${row.symbol}` }) as object}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setSort(
              one?.order && one.columnKey
                ? { key: one.columnKey as SortKey, order: one.order }
                : null,
            );
          }}
        />
      )}
    </main>
  );
}

/** A market's last day as a line, loaded when its row shows. */
function TrendCell({ row, width }: { row: MarketRow; width?: number }) {
  const { data } = useSparkline(row.kind, row.symbol);
  return <Sparkline closes={data} width={width} testId={`markets-trend-${row.symbol}`} />;
}

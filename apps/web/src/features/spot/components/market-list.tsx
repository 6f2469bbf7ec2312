import { SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { SpotMarketInfo } from '@quay/core';
// The plain input alone: antd's index also brings its search, password, text area and code inputs.
import Input from 'antd/es/input/Input';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { pathSymbolOf } from '../../../platform/simulation/simulation-mode';
import { useSpotTickers } from '../../../entities/markets/tickers';
import { useFavourites } from '../../../entities/markets/favourites';
import { changeTone, formatChange } from '../../../ui/market/format';
import { formatPrice } from '../../../platform/numbers/number-format';

type ListTab = 'favourites' | 'all';

/** Every spot market with its last price and 24 h change; search, stars, and a click opens it. */
export function MarketList({
  markets,
  current,
  onPicked,
}: {
  markets: readonly SpotMarketInfo[];
  current: string;
  onPicked?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: tickers } = useSpotTickers();
  const { favourites, toggle } = useFavourites();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<ListTab>('all');
  const bySymbol = useMemo(() => new Map((tickers ?? []).map((x) => [x.symbol, x])), [tickers]);

  const needle = query
    .trim()
    .toUpperCase()
    .replace(/[/\s-]/g, '');
  const shown = markets.filter(
    (m) =>
      (tab === 'all' || favourites.includes(m.symbol)) &&
      (!needle || m.symbol.includes(needle) || m.base.includes(needle)),
  );

  return (
    <div className="market-list" data-testid="market-list">
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('spot.searchMarkets')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="market-search"
        className="market-search"
      />
      <div className="market-tabs" role="tablist">
        {(['favourites', 'all'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`text-tab ${tab === key ? 'active' : ''}`}
            onClick={() => setTab(key)}
          >
            {key === 'favourites' ? <StarFilled className="fav-on" /> : null}
            {t(`spot.marketTabs.${key}`)}
          </button>
        ))}
      </div>
      <div className="market-columns">
        <span>{t('spot.pair')}</span>
        <span>{t('spot.lastPrice')}</span>
        <span>{t('spot.change24hShort')}</span>
      </div>
      <div className="market-rows">
        {shown.map((m) => {
          const ticker = bySymbol.get(m.symbol);
          const starred = favourites.includes(m.symbol);
          return (
            <div
              key={m.symbol}
              className={`market-row ${m.symbol === current ? 'current' : ''}`}
              data-testid={`market-row-${m.symbol}`}
            >
              <button
                type="button"
                className="market-star"
                aria-pressed={starred}
                aria-label={starred ? t('spot.unstar') : t('spot.star')}
                onClick={() => toggle(m.symbol)}
                data-testid={`market-star-${m.symbol}`}
              >
                {starred ? <StarFilled className="fav-on" /> : <StarOutlined />}
              </button>
              <button
                type="button"
                className="market-open"
                onClick={() => {
                  onPicked?.();
                  void navigate(localePath(`/spot/${pathSymbolOf(m)}`));
                }}
              >
                <span className="market-pair">
                  {m.base}
                  <span className="muted">/{m.quote}</span>
                </span>
                <span className="book-num">{formatPrice(ticker?.last, m.pricePrecision)}</span>
                <span className={`book-num tone-${changeTone(ticker?.change24h)}`}>
                  <bdi dir="ltr">{formatChange(ticker?.change24h)}</bdi>
                </span>
              </button>
            </div>
          );
        })}
        {shown.length === 0 ? (
          <div className="panel-empty">
            {tab === 'favourites' && !needle ? t('spot.noFavourites') : t('spot.noMarkets')}
          </div>
        ) : null}
      </div>
    </div>
  );
}

import { formatPrice, formatQuantity } from '../../platform/numbers/number-format';
import type { SpotMarketInfo } from '@quay/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useRecentTrades } from './trades';
import { useOrderFormBridge } from './order-form-bridge';

/** The market's latest trades, newest on top, coloured by the taker's side. */
export function RecentTrades({ market, rows = 30 }: { market: SpotMarketInfo; rows?: number }) {
  const { t } = useTranslation();
  const { data: trades = [], isLoading } = useRecentTrades(market.symbol);
  const pickPrice = useOrderFormBridge((s) => s.pickPrice);
  return (
    <div className="recent-trades" data-testid="recent-trades">
      <div className="panel-head">
        <h2 className="panel-title">{t('spot.recentTrades')}</h2>
      </div>
      <div className="trades-columns">
        <span>{t('spot.priceIn', { coin: market.quote })}</span>
        <span>{t('spot.amountIn', { coin: market.base })}</span>
        <span>{t('spot.time')}</span>
      </div>
      <div className="trades-list">
        {trades.slice(0, rows).map((trade) => (
          <button
            type="button"
            key={trade.id}
            className="trade-row"
            onClick={() => pickPrice(trade.price)}
          >
            <span className={`tone-${trade.side === 'buy' ? 'up' : 'down'}`}>
              {formatPrice(trade.price, market.pricePrecision)}
            </span>
            <span className="book-num">
              {formatQuantity(trade.quantity, market.quantityPrecision)}
            </span>
            <span className="book-num muted">
              <bdi dir="ltr">{dayjs(trade.time).format('HH:mm:ss')}</bdi>
            </span>
          </button>
        ))}
        {!isLoading && trades.length === 0 ? (
          <div className="panel-empty">{t('spot.noTrades')}</div>
        ) : null}
      </div>
    </div>
  );
}

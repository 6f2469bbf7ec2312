import {
  derivePositionFields,
  toDecimal,
  type FuturesPosition,
  type PerpMarketInfo,
} from '@quay/core';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatPercent,
  formatPrice,
  formatQuantity,
  formatUsdt,
} from '../../../platform/numbers/number-format';
import type { RecordColumn } from '../../../ui/record-cards';
import { SymbolCell, sideText } from './futures-cells';

/** What a position's row or card does when its buttons are pressed. */
export interface PositionActions {
  closeAtMarket: (p: FuturesPosition) => void;
  closeAtLimit: (p: FuturesPosition) => void;
  adjustMargin: (p: FuturesPosition) => void;
  editTpSl: (p: FuturesPosition) => void;
}

/**
 * What a position shows, field by field, from the live mark: the table's
 * columns on a wide screen, a card's labelled figures on a narrow one.
 */
export function usePositionFields({
  marketOf,
  markOf,
  actions,
}: {
  marketOf: (symbol: string) => PerpMarketInfo;
  markOf: (p: FuturesPosition) => string;
  actions: PositionActions;
}): RecordColumn<FuturesPosition>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'symbol',
      title: t('futures.symbol'),
      render: (p) => (
        <SymbolCell
          symbol={p.symbol}
          extra={
            <span className={`futures-tag tone-${p.side === 1 ? 'up' : 'down'}`}>
              {sideText(p.side, t)}{' '}
              {p.marginMode === 1 ? t('futures.isolated') : t('futures.cross')}{' '}
              <bdi dir="ltr">{p.openLevel}x</bdi>
            </span>
          }
        />
      ),
    },
    {
      key: 'size',
      title: t('futures.size'),
      render: (p) => (
        <bdi dir="ltr">
          {formatQuantity(p.count, marketOf(p.symbol).quantityPrecision)} {marketOf(p.symbol).base}
        </bdi>
      ),
    },
    {
      key: 'entry',
      title: t('futures.entryPrice'),
      render: (p) => (
        <bdi dir="ltr" data-testid={`position-entry-${p.side}`}>
          {formatPrice(p.openAvgPrice, marketOf(p.symbol).pricePrecision)}
        </bdi>
      ),
    },
    {
      key: 'breakEven',
      title: t('futures.breakEven'),
      render: (p) => (
        <bdi dir="ltr">{formatPrice(p.breakEvenPrice, marketOf(p.symbol).pricePrecision)}</bdi>
      ),
    },
    {
      key: 'mark',
      title: t('futures.markPrice'),
      render: (p) => (
        <bdi dir="ltr" data-testid={`position-mark-${p.side}`}>
          {formatPrice(markOf(p), marketOf(p.symbol).pricePrecision)}
        </bdi>
      ),
    },
    {
      key: 'liq',
      title: t('futures.liqPrice'),
      render: (p) => (
        <bdi dir="ltr" className="tone-warn" data-testid={`position-liq-${p.side}`}>
          {p.liquidationPrice
            ? formatPrice(p.liquidationPrice, marketOf(p.symbol).pricePrecision)
            : '--'}
        </bdi>
      ),
    },
    {
      key: 'ratio',
      title: t('futures.marginRatio'),
      render: (p) => (
        <bdi dir="ltr">{formatPercent(toDecimal(p.marginRatio)?.times(100) ?? null)}</bdi>
      ),
    },
    {
      key: 'margin',
      title: t('futures.margin'),
      render: (p) => {
        const d = derivePositionFields(p, markOf(p));
        return (
          <span>
            <bdi dir="ltr">{formatUsdt(d.dOpenMarginCount)}</bdi>
            {p.marginMode === 1 ? (
              <Button
                type="link"
                size="small"
                onClick={() => actions.adjustMargin(p)}
                data-testid={`position-margin-${p.side}`}
              >
                {t('futures.adjust')}
              </Button>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'pnl',
      title: t('futures.pnlRoe'),
      render: (p) => {
        const d = derivePositionFields(p, markOf(p));
        return (
          <span
            className={`tone-${d.dUpnlUi === 'rise' ? 'up' : d.dUpnlUi === 'fall' ? 'down' : 'flat'}`}
          >
            <bdi dir="ltr" data-testid={`position-pnl-${p.side}`}>
              {d.dUpnlText}
            </bdi>{' '}
            <bdi dir="ltr" data-testid={`position-roe-${p.side}`}>
              ({d.dRoeText})
            </bdi>
          </span>
        );
      },
    },
    {
      key: 'tpsl',
      title: t('futures.tpSl'),
      render: (p) => (
        <Button
          type="link"
          size="small"
          onClick={() => actions.editTpSl(p)}
          data-testid={`position-tpsl-${p.side}`}
        >
          <bdi dir="ltr" data-testid={`position-tpsl-text-${p.side}`}>
            {`${formatPrice(p.takeProfitPrice, marketOf(p.symbol).pricePrecision)} / ${formatPrice(p.stopLossPrice, marketOf(p.symbol).pricePrecision)}`}
          </bdi>
        </Button>
      ),
    },
    {
      key: 'close',
      title: t('futures.closePosition'),
      render: (p) => (
        <span className="futures-actions">
          <Button
            size="small"
            onClick={() => actions.closeAtMarket(p)}
            data-testid={`position-close-market-${p.side}`}
          >
            {t('futures.market')}
          </Button>
          <Button
            size="small"
            onClick={() => actions.closeAtLimit(p)}
            data-testid={`position-close-limit-${p.side}`}
          >
            {t('futures.limit')}
          </Button>
        </span>
      ),
    },
  ];
}

/** The figures a position's card shows in its grid, in this order. */
const CARD_GRID = ['size', 'margin', 'ratio', 'entry', 'mark', 'liq', 'breakEven', 'tpsl'];

/** Positions on a narrow screen: per position, symbol and PnL on top, figures in a grid, then the actions. */
export function PositionCards({
  fields,
  positions,
}: {
  fields: readonly RecordColumn<FuturesPosition>[];
  positions: readonly FuturesPosition[];
}) {
  const { t } = useTranslation();
  const field = (key: string) => fields.find((f) => f.key === key);
  return (
    <div className="position-cards" data-testid="futures-positions-cards">
      {positions.length > 0 ? (
        positions.map((p) => (
          <article
            key={p.positionId}
            className="position-card"
            data-testid={`futures-position-${p.side}`}
          >
            <header className="position-card-head">
              {field('symbol')?.render(p)}
              <div className="position-card-pnl">
                <span className="muted">{field('pnl')?.title}</span>
                {field('pnl')?.render(p)}
              </div>
            </header>
            <dl className="position-card-grid">
              {CARD_GRID.map((key) => {
                const f = field(key);
                return f ? (
                  <div key={key}>
                    <dt className="muted">{f.title}</dt>
                    <dd>{f.render(p)}</dd>
                  </div>
                ) : null;
              })}
            </dl>
            <footer className="position-card-actions">
              <span className="muted">{field('close')?.title}</span>
              {field('close')?.render(p)}
            </footer>
          </article>
        ))
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('futuresAssets.noPositions')} />
      )}
    </div>
  );
}

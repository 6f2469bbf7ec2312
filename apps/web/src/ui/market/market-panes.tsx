/**
 * The narrow screen's trading furniture, shared by the spot and futures
 * screens: chart, book and trades as tabs, and a sticky bar of the two
 * order buttons that scrolls to the form and steps aside while the form is
 * on screen.
 */
import type { SpotMarketInfo } from '@quay/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from './chart-panel';
import { OrderBook } from './order-book';
import { RecentTrades } from './recent-trades';
import { TextTabs } from '../text-tabs';

type MobilePane = 'chart' | 'book' | 'trades';

export function MarketPanes({ market }: { market: SpotMarketInfo }) {
  const { t } = useTranslation();
  const [pane, setPane] = useState<MobilePane>('chart');
  const panes: Array<{ key: MobilePane; label: string }> = [
    { key: 'chart', label: t('spot.chart') },
    { key: 'book', label: t('spot.orderBook') },
    { key: 'trades', label: t('spot.recentTrades') },
  ];
  return (
    <div className="spot-panes">
      <TextTabs
        className="pane-tabs"
        tabs={panes}
        active={pane}
        onSelect={setPane}
        testId={(key) => `pane-${key}`}
      />
      <div className={`pane-body pane-${pane}`}>
        {pane === 'chart' ? <ChartPanel market={market} /> : null}
        {pane === 'book' ? <OrderBook market={market} rows={10} /> : null}
        {pane === 'trades' ? <RecentTrades market={market} rows={22} /> : null}
      </div>
    </div>
  );
}

/** Two buttons fixed to the bottom of a phone's screen; each scrolls to the form `formId` after its action. */
export function StickyTradeBar({
  formId,
  buy,
  sell,
}: {
  formId: string;
  buy: { label: string; onClick: () => void; testId: string };
  sell: { label: string; onClick: () => void; testId: string };
}) {
  const [formInView, setFormInView] = useState(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setFormInView(!!entry?.isIntersecting), {
      threshold: 0.35,
    });
    observer.observe(form);
    return () => observer.disconnect();
  }, [formId]);
  const go = (action: () => void) => {
    action();
    document.getElementById(formId)?.scrollIntoView({ behavior: 'smooth' });
  };
  return (
    <div className={`spot-sticky-bar ${formInView ? 'away' : ''}`} inert={formInView}>
      <button
        type="button"
        className="sticky-buy"
        onClick={() => go(buy.onClick)}
        data-testid={buy.testId}
      >
        {buy.label}
      </button>
      <button
        type="button"
        className="sticky-sell"
        onClick={() => go(sell.onClick)}
        data-testid={sell.testId}
      >
        {sell.label}
      </button>
    </div>
  );
}

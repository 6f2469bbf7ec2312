import { Decimal } from '@quay/core';
import { type EarnHolding, type EarnProduct } from '@quay/core/earn';
import { Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import { RedeemDialog } from './redeem-dialog';

interface Row {
  holding: EarnHolding;
  principal: string;
  interest: string;
}

/** Flexible subscriptions of one product read as one holding; fixed-term ones each on their own. */
function rowsOf(holdings: EarnHolding[]): Row[] {
  const rows: Row[] = [];
  const flexible = new Map<string, Row>();
  for (const h of holdings) {
    if (h.type === 'fixed') {
      rows.push({ holding: h, principal: h.principal, interest: h.interestPaid });
      continue;
    }
    const row = flexible.get(h.productId);
    if (!row) {
      const fresh = { holding: h, principal: h.principal, interest: h.interestPaid };
      flexible.set(h.productId, fresh);
      rows.push(fresh);
    } else {
      row.principal = new Decimal(row.principal).plus(h.principal).toFixed();
      row.interest = new Decimal(row.interest).plus(h.interestPaid).toFixed();
    }
  }
  return rows;
}

export function Holdings({
  holdings,
  products,
}: {
  holdings: EarnHolding[];
  products: EarnProduct[];
}) {
  const { t } = useTranslation();
  const [redeeming, setRedeeming] = useState<Row | null>(null);
  const rows = rowsOf(holdings);
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('earn.noHoldings')} />;
  }
  const productOf = (id: string) => products.find((p) => p.id === id);
  return (
    <>
      <ul className="earn-holdings" data-testid="earn-holdings">
        {rows.map((row) => {
          const h = row.holding;
          const product = productOf(h.productId);
          const locked = h.type === 'fixed' && product?.earlyRedeem === false;
          return (
            <li key={h.id} data-testid={`earn-holding-${h.productId}`}>
              <div className="earn-holding-head">
                <strong>{h.coin}</strong>
                <Tag bordered={false}>
                  {h.type === 'flexible'
                    ? t('earn.flexible')
                    : t('earn.fixedDays', { days: product?.termDays ?? 0 })}
                </Tag>
              </div>
              <dl className="earn-holding-figures">
                <div>
                  <dt>{t('earn.principal')}</dt>
                  <dd>
                    <bdi dir="ltr" data-testid="earn-holding-principal">
                      {row.principal}
                    </bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('earn.interestPaid')}</dt>
                  <dd>
                    <bdi dir="ltr">{row.interest}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{h.type === 'fixed' ? t('earn.maturesAt') : t('earn.earnFrom')}</dt>
                  <dd>
                    <DateTime value={h.type === 'fixed' ? h.maturesAt : h.earnFrom} />
                  </dd>
                </div>
              </dl>
              <Button
                disabled={locked}
                onClick={() => setRedeeming(row)}
                data-testid={`earn-redeem-${h.productId}`}
              >
                {locked ? t('earn.locked') : t('earn.redeem')}
              </Button>
            </li>
          );
        })}
      </ul>
      {redeeming ? (
        <RedeemDialog
          holding={redeeming.holding}
          held={redeeming.principal}
          onClose={() => setRedeeming(null)}
        />
      ) : null}
    </>
  );
}

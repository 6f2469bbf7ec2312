import type { EarnProduct } from '@quay/core/earn';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { aprText, topApr } from '../utils/earn-figures';

/** Every product as a card: coin, type and term, headline APR, the tiers, the subscribe button. */
export function ProductList({
  products,
  selected,
  onSubscribe,
}: {
  products: EarnProduct[];
  selected: string | null;
  onSubscribe: (product: EarnProduct) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="earn-products" data-testid="earn-products">
      {products.map((p) => (
        <li
          key={p.id}
          className={`earn-product${selected === p.id ? ' earn-product-selected' : ''}`}
          data-testid={`earn-product-${p.id}`}
        >
          <div className="earn-product-head">
            <strong className="earn-coin">{p.coin}</strong>
            <Tag bordered={false} color={p.type === 'flexible' ? 'success' : 'processing'}>
              {p.type === 'flexible'
                ? t('earn.flexible')
                : t('earn.fixedDays', { days: p.termDays })}
            </Tag>
          </div>
          <div className="earn-apr">
            <span className="earn-label">{t('earn.apr')}</span>
            <bdi dir="ltr" className="earn-apr-value">
              {aprText(topApr(p.tiers))}
            </bdi>
          </div>
          <table className="earn-tiers">
            <tbody>
              {p.tiers.map((tier) => (
                <tr key={tier.from}>
                  <td>
                    <bdi dir="ltr">
                      {tier.to === ''
                        ? t('earn.tierAbove', { from: tier.from, coin: p.coin })
                        : t('earn.tierRange', { from: tier.from, to: tier.to, coin: p.coin })}
                    </bdi>
                  </td>
                  <td className="earn-num">
                    <bdi dir="ltr">{aprText(tier.apr)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="earn-product-foot">
            <span className="earn-label">
              {t('earn.userCap')} <bdi dir="ltr">{`${p.userCap} ${p.coin}`}</bdi>
            </span>
            <Button
              type="primary"
              disabled={!p.enabled}
              onClick={() => onSubscribe(p)}
              data-testid={`earn-subscribe-${p.id}`}
            >
              {t('earn.subscribe')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

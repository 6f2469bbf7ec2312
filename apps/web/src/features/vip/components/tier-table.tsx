import { formatAmount, type VipTier } from '@quay/core';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../../platform/numbers/number-format';
import { useIsMobile } from '../../../ui/use-media';
import { ratesOf } from '../utils/vip-progress';

/** Thresholds are whole USDT: grouped, no decimals. */
export function usdtWhole(value: string): string {
  return formatAmount(value, 0);
}

/** A rate as a percent; a negative (rebate) one is marked. */
function Rate({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className={value.startsWith('-') ? 'vip-rate vip-rebate' : 'vip-rate'}>
      {formatRate(value)}
    </bdi>
  );
}

interface TierTableProps {
  tiers: readonly VipTier[];
  product: 'spot' | 'futures';
  /** The user's tier, highlighted. */
  current?: number;
  loading?: boolean;
}

/** The schedule of one product: a table, or one card a tier under 768 px. */
export function TierTable({ tiers, product, current, loading }: TierTableProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const volumeKey = product === 'spot' ? 'spotVolume' : 'futuresVolume';
  const level = (tier: VipTier) => (
    <span className="vip-level">
      VIP{tier.level}
      {tier.level === current ? (
        <Tag bordered={false} color="processing">
          {t('vip.yourTier')}
        </Tag>
      ) : null}
    </span>
  );

  if (isMobile) {
    return (
      <ul className="vip-tier-cards" data-testid={`vip-tiers-${product}`}>
        {tiers.map((tier) => {
          const [maker, taker] = ratesOf(tier, product);
          return (
            <li key={tier.level} className={tier.level === current ? 'vip-current' : undefined}>
              <div className="vip-card-top">{level(tier)}</div>
              <dl>
                <dt>{t(`vip.${volumeKey}`)}</dt>
                <dd>
                  <bdi dir="ltr">≥ {usdtWhole(tier[volumeKey])}</bdi>
                </dd>
                <dt>{t('vip.orAssets')}</dt>
                <dd>
                  <bdi dir="ltr">≥ {usdtWhole(tier.assets)}</bdi>
                </dd>
                <dt>{t('vip.maker')}</dt>
                <dd>
                  <Rate value={maker} />
                </dd>
                <dt>{t('vip.taker')}</dt>
                <dd>
                  <Rate value={taker} />
                </dd>
              </dl>
            </li>
          );
        })}
      </ul>
    );
  }

  const columns: ColumnsType<VipTier> = [
    { title: t('vip.level'), key: 'level', render: (_, tier) => level(tier) },
    {
      title: t(`vip.${volumeKey}`),
      key: 'volume',
      align: 'end',
      render: (_, tier) => <bdi dir="ltr">≥ {usdtWhole(tier[volumeKey])}</bdi>,
    },
    { title: '', key: 'or', align: 'center', render: () => t('vip.or') },
    {
      title: t('vip.assets'),
      key: 'assets',
      align: 'end',
      render: (_, tier) => <bdi dir="ltr">≥ {usdtWhole(tier.assets)}</bdi>,
    },
    {
      title: t('vip.maker'),
      key: 'maker',
      align: 'end',
      render: (_, tier) => <Rate value={ratesOf(tier, product)[0]} />,
    },
    {
      title: t('vip.taker'),
      key: 'taker',
      align: 'end',
      render: (_, tier) => <Rate value={ratesOf(tier, product)[1]} />,
    },
  ];
  return (
    <Table<VipTier>
      data-testid={`vip-tiers-${product}`}
      className="vip-table"
      rowKey="level"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={[...tiers]}
      pagination={false}
      rowClassName={(tier) => (tier.level === current ? 'vip-current' : '')}
      scroll={{ x: 'max-content' }}
    />
  );
}

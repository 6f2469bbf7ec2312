import type { TFunction } from 'i18next';
import { DateTime } from '../../../ui/date-time';

/** The time and contract columns both trade tables open with. */
export function timeAndSymbol<T extends { time: number; symbol: string }>(t: TFunction) {
  return [
    {
      key: 'time',
      title: t('copyTrading.time'),
      render: (_: unknown, row: T) => <DateTime value={row.time} />,
    },
    { key: 'symbol', title: t('copyTrading.symbol'), render: (_: unknown, row: T) => row.symbol },
  ];
}

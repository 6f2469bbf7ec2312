/**
 * The note under a market order type: how far from its reference price (the
 * last trade on spot, the mark on a perpetual) a market order may fill
 * before the exchange cancels the rest.
 */
import { Decimal } from '@quay/core';
import { useTranslation } from 'react-i18next';

export function PriceBandNote({ rate, noteKey }: { rate: string; noteKey: string }) {
  const { t } = useTranslation();
  const band = new Decimal(rate).times(100).toFixed();
  return (
    <p className="order-price-band muted" data-testid="order-price-band">
      {t(noteKey, { band })}
    </p>
  );
}

import {
  toDecimal,
  TRAILING_CALLBACK_DECIMALS,
  type PerpMarketInfo,
  type TriggerPriceType,
} from '@quay/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../platform/numbers/number-format';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { OrderField as Field } from '../../../ui/market/order-field';
import type { OrderFormAction } from '../hooks/use-order-form-state';
import { TRAILING_QUICK_RATES, trailingStopPreview } from '../utils/futures-form';
import type { OrderFormState } from '../utils/futures-order-request';
import './futures-trailing.css';

interface PriceFieldsProps {
  market: PerpMarketInfo;
  form: OrderFormState;
  dispatch: (action: OrderFormAction) => void;
  /** The last price and the mark, for the trailing stop's preview. */
  last: string | undefined;
  mark: string | undefined;
}

/** Mark or last: what a trigger or a trailing stop watches. */
function TriggerBySelect({ form, dispatch }: Pick<PriceFieldsProps, 'form' | 'dispatch'>) {
  const { t } = useTranslation();
  return (
    <select
      className="futures-trigger-by"
      value={form.triggerBy}
      onChange={(e) =>
        dispatch({ type: 'set', patch: { triggerBy: e.target.value as TriggerPriceType } })
      }
      aria-label={t('futures.triggerBy')}
      data-testid="futures-trigger-by"
    >
      <option value="mark">{t('futures.mark')}</option>
      <option value="last">{t('futures.last')}</option>
    </select>
  );
}

/**
 * A trailing stop's fields: the callback rate (with the 1 % and 2 % quick
 * rates), an optional activation price, and where the stop would fire on
 * each side if the price turned now.
 */
function TrailingStopFields({ market, form, dispatch, last, mark }: PriceFieldsProps) {
  const { t } = useTranslation();
  const { callbackRate, activationPrice, triggerBy } = form;
  /** Where the preview starts: the activation price, else the current price. */
  const trailingFrom = toDecimal(activationPrice)
    ? activationPrice
    : (triggerBy === 'last' ? last : mark) || '';
  return (
    <>
      <Field
        label={t('futures.callbackRate')}
        unit="%"
        value={callbackRate}
        onChange={(v) =>
          dispatch({
            type: 'set',
            patch: { callbackRate: cleanNumericInput(v, TRAILING_CALLBACK_DECIMALS) },
          })
        }
        testId="futures-callback-rate"
      />
      <div className="futures-callback-quick" role="group" aria-label={t('futures.callbackRate')}>
        {TRAILING_QUICK_RATES.map((rate) => (
          <button
            key={rate}
            type="button"
            className={`chip ${callbackRate === rate ? 'active' : ''}`}
            aria-pressed={callbackRate === rate}
            onClick={() => dispatch({ type: 'set', patch: { callbackRate: rate } })}
            data-testid={`futures-callback-${rate}`}
          >
            <bdi dir="ltr">{rate}%</bdi>
          </button>
        ))}
      </div>
      <Field
        label={t('futures.activationPrice')}
        unit={<TriggerBySelect form={form} dispatch={dispatch} />}
        value={activationPrice}
        placeholder={t('futures.optional')}
        onChange={(v) =>
          dispatch({
            type: 'set',
            patch: { activationPrice: cleanNumericInput(v, market.pricePrecision) },
          })
        }
        testId="futures-activation-price"
      />
      <p className="muted futures-trailing-hint" data-testid="futures-trailing-hint">
        {t('futures.trailingHint', { rate: `\u2066${callbackRate || '0'}%\u2069` })}
      </p>
      {trailingFrom ? (
        <dl className="futures-form-figures" data-testid="futures-trailing-preview">
          <div>
            <dt>
              {t('futures.trailingPreview', {
                price: `\u2066${formatPrice(trailingFrom, market.pricePrecision)}\u2069`,
              })}
            </dt>
          </div>
          {(['buy', 'sell'] as const).map((side) => (
            <div key={side}>
              <dt>{t(`futures.${side}`)}</dt>
              <dd data-testid={`futures-trailing-preview-${side}`}>
                <bdi dir="ltr">
                  {formatPrice(
                    trailingStopPreview(side, trailingFrom, callbackRate, market.pricePrecision),
                    market.pricePrecision,
                  )}
                </bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

/** The price part of the form, by order kind: trigger and execution price, trailing stop, limit price, or the market. */
export function FuturesPriceFields(props: PriceFieldsProps) {
  const { t } = useTranslation();
  const { market, form, dispatch } = props;
  const setPrice = (v: string) =>
    dispatch({ type: 'set', patch: { price: cleanNumericInput(v, market.pricePrecision) } });

  if (form.kind === 'trigger') {
    return (
      <>
        <Field
          label={t('futures.triggerPrice')}
          unit={<TriggerBySelect form={form} dispatch={dispatch} />}
          value={form.triggerPrice}
          onChange={(v) =>
            dispatch({
              type: 'set',
              patch: { triggerPrice: cleanNumericInput(v, market.pricePrecision) },
            })
          }
          testId="futures-trigger-price"
        />
        <Field
          label={t('futures.executionPrice')}
          unit={market.quote}
          value={form.price}
          placeholder={t('futures.marketPrice')}
          onChange={setPrice}
          testId="futures-price"
        />
      </>
    );
  }
  if (form.kind === 'trailing') return <TrailingStopFields {...props} />;
  if (form.kind === 'limit') {
    return (
      <Field
        label={t('futures.price')}
        unit={market.quote}
        value={form.price}
        onChange={setPrice}
        testId="futures-price"
      />
    );
  }
  return (
    <Field
      label={t('futures.price')}
      unit={market.quote}
      value=""
      placeholder={t('futures.marketPrice')}
      disabled
      testId="futures-price"
    />
  );
}

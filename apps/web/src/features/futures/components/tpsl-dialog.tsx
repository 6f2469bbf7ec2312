import { type FuturesPosition, type PerpMarketInfo, type TriggerPriceType } from '@quay/core';
import { Input, Modal, Select, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../platform/numbers/number-format';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { ApiError } from '../../../platform/request/client';
import { useFeedback } from '../../../platform/widgets/feedback';
import { useSetTpSl } from '../api/futures';
import {
  tpSlProblem,
  tripleFromPnl,
  tripleFromPrice,
  tripleFromRoe,
  type TpSlKind,
  type TpSlPosition,
  type TpSlTriple,
} from '../utils/futures-form';

const EMPTY: TpSlTriple = { price: '', roe: '', pnl: '' };

/**
 * A position's take-profit and stop-loss, each as a trigger price, an ROE %
 * or a PnL: typing one fills the other two. A stop-loss names a loss.
 */
export function TpSlDialog({
  market,
  position,
  mark,
  onClose,
}: {
  market: PerpMarketInfo;
  position: FuturesPosition;
  mark: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const save = useSetTpSl();
  const p: TpSlPosition = {
    side: position.side,
    entryPrice: position.openAvgPrice,
    size: position.count,
    leverage: position.openLevel,
  };
  const decimals = market.pricePrecision;
  const initial = (kind: TpSlKind, price: string) =>
    price ? tripleFromPrice(kind, p, price, decimals) : EMPTY;
  const [tp, setTp] = useState<TpSlTriple>(() => initial('tp', position.takeProfitPrice));
  const [sl, setSl] = useState<TpSlTriple>(() => initial('sl', position.stopLossPrice));
  const [trigger, setTrigger] = useState<TriggerPriceType>(position.tpSlTrigger);

  const problemOf = (kind: TpSlKind, price: string) =>
    tpSlProblem({
      kind,
      side: position.side,
      marginMode: position.marginMode,
      price,
      mark,
      liquidation: position.liquidationPrice,
    });
  const tpProblem = problemOf('tp', tp.price);
  const slProblem = problemOf('sl', sl.price);

  const row = (kind: TpSlKind, value: TpSlTriple, set: (v: TpSlTriple) => void) => {
    const problem = kind === 'tp' ? tpProblem : slProblem;
    return (
      <fieldset className="tpsl-row" data-testid={`tpsl-${kind}`}>
        <legend>{kind === 'tp' ? t('futures.takeProfit') : t('futures.stopLoss')}</legend>
        <div className="tpsl-inputs">
          <Input
            value={value.price}
            dir="ltr"
            inputMode="decimal"
            addonBefore={t('futures.triggerPrice')}
            onChange={(e) =>
              set(tripleFromPrice(kind, p, cleanNumericInput(e.target.value, decimals), decimals))
            }
            data-testid={`tpsl-${kind}-price`}
          />
          <Input
            value={value.roe}
            dir="ltr"
            inputMode="decimal"
            addonBefore={kind === 'tp' ? t('futures.roeGain') : t('futures.roeLoss')}
            suffix="%"
            onChange={(e) =>
              set(tripleFromRoe(kind, p, cleanNumericInput(e.target.value, 2), decimals))
            }
            data-testid={`tpsl-${kind}-roe`}
          />
          <Input
            value={value.pnl}
            dir="ltr"
            inputMode="decimal"
            addonBefore={kind === 'tp' ? t('futures.pnlGain') : t('futures.pnlLoss')}
            suffix={market.quote}
            onChange={(e) =>
              set(tripleFromPnl(kind, p, cleanNumericInput(e.target.value, 2), decimals))
            }
            data-testid={`tpsl-${kind}-pnl`}
          />
        </div>
        {problem ? (
          <div className="order-error" role="alert" data-testid={`tpsl-${kind}-problem`}>
            {problem === 'side'
              ? t(kind === 'tp' ? 'futures.tpWrongSide' : 'futures.slWrongSide')
              : t('futures.slBeyondLiquidation', {
                  price: formatPrice(position.liquidationPrice, decimals),
                })}
          </div>
        ) : null}
      </fieldset>
    );
  };

  const submit = async () => {
    try {
      await save.mutateAsync({
        symbol: position.symbol,
        positionSide: position.side,
        takeProfitPrice: tp.price,
        stopLossPrice: sl.price,
        tpSlTrigger: trigger,
      });
      feedback.message.success(t('futures.tpSlSaved'));
      onClose();
    } catch (err) {
      feedback.message.error(err instanceof ApiError ? err.msg : t('futures.orderFailed'));
    }
  };

  return (
    <Modal
      open
      title={t('futures.tpSlFor', { symbol: `${market.base}${market.quote}` })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('futures.confirm')}
      cancelText={t('futures.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={
        { disabled: !!tpProblem || !!slProblem, 'data-testid': 'tpsl-save' } as ButtonProps
      }
    >
      <div className="tpsl-dialog" data-testid="tpsl-dialog">
        <dl className="tpsl-facts">
          <div>
            <dt>{t('futures.entryPrice')}</dt>
            <dd dir="ltr" data-testid="tpsl-entry">
              {formatPrice(position.openAvgPrice, decimals)}
            </dd>
          </div>
          <div>
            <dt>{t('futures.markPrice')}</dt>
            <dd dir="ltr">{formatPrice(mark, decimals)}</dd>
          </div>
          <div>
            <dt>{t('futures.liqPrice')}</dt>
            <dd dir="ltr">{formatPrice(position.liquidationPrice, decimals)}</dd>
          </div>
        </dl>
        <label className="tpsl-trigger">
          <span>{t('futures.triggerBy')}</span>
          <Select
            value={trigger}
            onChange={setTrigger}
            options={[
              { value: 'mark', label: t('futures.mark') },
              { value: 'last', label: t('futures.last') },
            ]}
            data-testid="tpsl-trigger"
          />
        </label>
        {row('tp', tp, setTp)}
        {row('sl', sl, setSl)}
      </div>
    </Modal>
  );
}

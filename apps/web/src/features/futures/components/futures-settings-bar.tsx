import { SettingOutlined } from '@ant-design/icons';
import {
  maxNotionalForLeverage,
  type MarginMode,
  type PerpMarketInfo,
  type PositionMode,
} from '@quay/core';
import { Input, Modal, Radio, Slider, type ButtonProps } from 'antd';
import { useState } from 'react';
import { formatLimit } from '../../../platform/numbers/number-format';
import { useTranslation } from 'react-i18next';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { useSetLeverage, useSetMarginMode, useSetPositionMode } from '../api/futures';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';
import { useSymbolMode } from '../hooks/use-symbol-mode';

type Dialog = 'leverage' | 'margin' | 'mode';

/**
 * The order form's top row: margin mode, leverage and position mode, each a
 * chip that opens its dialog; a change is saved as soon as it is chosen.
 */
export function FuturesSettingsBar({
  market,
  loggedIn,
}: {
  market: PerpMarketInfo;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const run = useRunWithFeedback();
  const { positionMode, marginMode, leverage, hedge } = useSymbolMode(market.symbol);
  const setLeverage = useSetLeverage();
  const setMarginMode = useSetMarginMode();
  const setPositionMode = useSetPositionMode();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [leverageDraft, setLeverageDraft] = useState(20);

  /** Saves, then closes the dialog; a refusal is shown and the dialog stays. */
  const save = (work: () => Promise<unknown>) => void run(work).then((ok) => ok && setDialog(null));

  return (
    <>
      <div className="futures-form-top">
        <button
          type="button"
          className="chip"
          disabled={!loggedIn}
          onClick={() => setDialog('margin')}
          data-testid="futures-margin-mode"
        >
          {marginMode === 1 ? t('futures.isolated') : t('futures.cross')}
        </button>
        <button
          type="button"
          className="chip"
          disabled={!loggedIn}
          onClick={() => {
            setLeverageDraft(leverage);
            setDialog('leverage');
          }}
          data-testid="futures-leverage"
        >
          <bdi dir="ltr">{leverage}x</bdi>
        </button>
        <button
          type="button"
          className="chip"
          disabled={!loggedIn}
          onClick={() => setDialog('mode')}
          title={t('futures.positionMode')}
          data-testid="futures-position-mode"
        >
          <SettingOutlined /> {hedge ? t('futures.hedgeMode') : t('futures.oneWayMode')}
        </button>
      </div>

      <Modal
        open={dialog === 'leverage'}
        title={t('futures.adjustLeverage')}
        onCancel={() => setDialog(null)}
        onOk={() =>
          save(() => setLeverage.mutateAsync({ symbol: market.symbol, leverage: leverageDraft }))
        }
        okText={t('futures.confirm')}
        cancelText={t('futures.cancel')}
        confirmLoading={setLeverage.isPending}
        okButtonProps={{ 'data-testid': 'futures-leverage-save' } as ButtonProps}
      >
        <div className="futures-leverage-dialog" data-testid="futures-leverage-dialog">
          <Input
            value={String(leverageDraft)}
            inputMode="numeric"
            suffix="x"
            dir="ltr"
            onChange={(e) => {
              const n = Number(cleanNumericInput(e.target.value, 0) || '1');
              setLeverageDraft(Math.max(1, Math.min(market.maxLeverage, n)));
            }}
            data-testid="futures-leverage-input"
          />
          <Slider
            min={1}
            max={market.maxLeverage}
            value={leverageDraft}
            onChange={setLeverageDraft}
          />
          <p className="muted">
            {t('futures.maxPositionAt', {
              leverage: leverageDraft,
              value: formatLimit(maxNotionalForLeverage(market.tiers, leverageDraft), 0),
              coin: market.quote,
            })}
          </p>
        </div>
      </Modal>
      <Modal
        open={dialog === 'margin'}
        title={t('futures.marginMode')}
        onCancel={() => setDialog(null)}
        footer={null}
      >
        <Radio.Group
          value={marginMode}
          onChange={(e) =>
            save(() =>
              setMarginMode.mutateAsync({
                symbol: market.symbol,
                marginMode: e.target.value as MarginMode,
              }),
            )
          }
          data-testid="futures-margin-mode-dialog"
        >
          <Radio.Button value={2}>{t('futures.cross')}</Radio.Button>
          <Radio.Button value={1} data-testid="futures-margin-isolated">
            {t('futures.isolated')}
          </Radio.Button>
        </Radio.Group>
        <p className="muted futures-dialog-note">{t('futures.marginModeNote')}</p>
      </Modal>
      <Modal
        open={dialog === 'mode'}
        title={t('futures.positionMode')}
        onCancel={() => setDialog(null)}
        footer={null}
      >
        <Radio.Group
          value={positionMode}
          onChange={(e) =>
            save(() =>
              setPositionMode.mutateAsync({ positionMode: e.target.value as PositionMode }),
            )
          }
          data-testid="futures-position-mode-dialog"
        >
          <Radio.Button value={1}>{t('futures.oneWayMode')}</Radio.Button>
          <Radio.Button value={2} data-testid="futures-mode-hedge">
            {t('futures.hedgeMode')}
          </Radio.Button>
        </Radio.Group>
        <p className="muted futures-dialog-note">{t('futures.positionModeNote')}</p>
      </Modal>
    </>
  );
}

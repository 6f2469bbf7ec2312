import {
  maxNotionalForLeverage,
  type MarginMode,
  type PerpMarketInfo,
  type PositionMode,
} from '@quay/core';
import { Input, Modal, Radio, Slider, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLimit } from '../../../platform/numbers/number-format';
import { cleanNumericInput } from '../../../platform/numbers/numeric-input';
import { useSetLeverage, useSetMarginMode, useSetPositionMode } from '../api/futures';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';
import { useSymbolMode } from '../hooks/use-symbol-mode';

export type SettingsDialog = 'leverage' | 'margin' | 'mode';

/**
 * The settings bar's three dialogs (leverage, margin mode, position mode),
 * loaded the first time one is opened; a change is saved as soon as it is
 * chosen, and a refusal is shown with the dialog left open.
 */
export function FuturesSettingsDialogs({
  market,
  dialog,
  setDialog,
  leverageDraft,
  setLeverageDraft,
}: {
  market: PerpMarketInfo;
  dialog: SettingsDialog | null;
  setDialog: (dialog: SettingsDialog | null) => void;
  leverageDraft: number;
  setLeverageDraft: (leverage: number) => void;
}) {
  const { t } = useTranslation();
  const run = useRunWithFeedback();
  const { positionMode, marginMode } = useSymbolMode(market.symbol);
  const setLeverage = useSetLeverage();
  const setMarginMode = useSetMarginMode();
  const setPositionMode = useSetPositionMode();

  /** Saves, then closes the dialog; a refusal is shown and the dialog stays. */
  const save = (work: () => Promise<unknown>) => void run(work).then((ok) => ok && setDialog(null));

  return (
    <>
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

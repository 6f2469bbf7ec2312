import { SettingOutlined } from '@ant-design/icons';
import type { PerpMarketInfo } from '@quay/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSymbolMode } from '../hooks/use-symbol-mode';
import type { SettingsDialog } from './futures-settings-dialogs';

// The dialogs (antd's modal, radio, slider and input) load when one is first opened.
const FuturesSettingsDialogs = lazy(() =>
  import('./futures-settings-dialogs').then((m) => ({ default: m.FuturesSettingsDialogs })),
);

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
  const { marginMode, leverage, hedge } = useSymbolMode(market.symbol);
  const [dialog, setDialogState] = useState<SettingsDialog | null>(null);
  // Once a dialog has been opened the dialogs stay mounted, so each closes with its animation.
  const [opened, setOpened] = useState(false);
  const [leverageDraft, setLeverageDraft] = useState(20);
  const setDialog = (next: SettingsDialog | null) => {
    if (next) setOpened(true);
    setDialogState(next);
  };

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

      {opened ? (
        <Suspense fallback={null}>
          <FuturesSettingsDialogs
            market={market}
            dialog={dialog}
            setDialog={setDialog}
            leverageDraft={leverageDraft}
            setLeverageDraft={setLeverageDraft}
          />
        </Suspense>
      ) : null}
    </>
  );
}

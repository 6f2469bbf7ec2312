import { ReloadOutlined } from '@ant-design/icons';
import { DEMO_GRANT } from '@quay/core';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageBox } from '../../../platform/widgets/message-box';
import { useResetDemoAccount } from '../api/reset-demo';
import { useApp } from '../../../platform/widgets/app-widgets';

/**
 * In simulation mode the wallet has no deposit or withdrawal, only a reset of
 * the demo account (and what the page adds beside it: the transfer to futures).
 */
export function DemoWalletActions({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const reset = useResetDemoAccount();
  const grant = { amount: '50,000', coin: DEMO_GRANT.coin };
  const confirmReset = async () => {
    const action = await messageBox({
      title: t('simulation.resetTitle'),
      content: t('simulation.resetConfirm', grant),
      confirmText: t('simulation.reset'),
      testId: 'demo-reset-box',
    });
    if (action !== 'confirm') return;
    await reset.mutateAsync();
    void message.success(t('simulation.resetDone', grant));
  };
  return (
    <div className="wallet-hero-actions demo-wallet-actions">
      <span className="demo-wallet-note">{t('simulation.walletNote')}</span>
      <span className="demo-wallet-buttons">
        {children}
        <Button
          icon={<ReloadOutlined />}
          loading={reset.isPending}
          data-testid="demo-reset"
          onClick={() => void confirmReset().catch(() => undefined)}
        >
          {t('simulation.reset')}
        </Button>
      </span>
    </div>
  );
}

import { CopyOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, Form, QRCode, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { useCoinIcons } from '../hooks/use-coin-icons';
import { useCoinSettings } from '../api/coin-settings';
import { useDepositAddress } from '../api/deposit-address';
import { CoinSelect, NetworkSelect } from './coin-select';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Where to send a coin: its network, the user's address as text and QR code, and who credits it. */
export function DepositDialog({ coin: initial, onClose }: { coin: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [coin, setCoin] = useState(initial);
  const coins = useCoinSettings();
  const icons = useCoinIcons();
  const address = useDepositAddress(coin);
  const setting = coins.data?.find((c) => c.coin === coin);
  const network = address.data?.network ?? setting?.network ?? '';

  const copy = (text: string) =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => message.success(t('asset.copied')))
      .catch(() => undefined);

  return (
    <AppDialog
      open
      onCancel={onClose}
      title={t('asset.depositTitle', { coin })}
      footer={null}
      testId="deposit-dialog"
    >
      <Form layout="vertical" className="wallet-form" requiredMark={false}>
        <Form.Item label={t('asset.coin')}>
          <CoinSelect
            testId="deposit-coin"
            coins={coins.data ?? []}
            icons={icons.data}
            value={coin}
            onChange={setCoin}
          />
        </Form.Item>
        <Form.Item label={t('asset.network')}>
          <NetworkSelect testId="deposit-network" network={network} />
        </Form.Item>
      </Form>
      <div className="deposit-box">
        {address.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : address.data ? (
          <>
            <QRCode
              className="deposit-qr"
              value={address.data.address}
              size={148}
              bordered={false}
              color="#000000"
              bgColor="#ffffff"
            />
            <div className="deposit-address">
              <span className="wallet-label">{t('asset.depositAddress')}</span>
              <bdi dir="ltr" className="deposit-address-text" data-testid="deposit-address">
                {address.data.address}
              </bdi>
              <Button
                icon={<CopyOutlined />}
                data-testid="deposit-copy"
                onClick={() => copy(address.data.address)}
              >
                {t('asset.copyAddress')}
              </Button>
            </div>
          </>
        ) : (
          <span className="wallet-muted">{t('asset.addressUnavailable')}</span>
        )}
      </div>
      <p className="wallet-note">
        <InfoCircleOutlined />
        <span>{t('asset.depositNote', { coin, network: network || coin })}</span>
      </p>
    </AppDialog>
  );
}

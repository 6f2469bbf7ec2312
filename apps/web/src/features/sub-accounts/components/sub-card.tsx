import {
  LockOutlined,
  LoginOutlined,
  SettingOutlined,
  SwapOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { SubAccountSummary } from '@quay/core/sub-accounts';
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';

/** A decimal string cut to two places (display only). */
const twoPlaces = (value: string) => value.replace(/(\.[0-9]{2})[0-9]*$/, '$1');

export interface SubCardActions {
  onTransfer: (userId: string) => void;
  onSwitch: (userId: string) => void;
  onFreeze: (userId: string, freeze: boolean) => void;
  busy: boolean;
}

/** One sub: name, virtual email, UID, status, its assets in USDT, and what the main can do with it. */
export function SubCard({ sub, actions }: { sub: SubAccountSummary; actions: SubCardActions }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const frozen = sub.status === 'frozen';
  return (
    <li className="sub-card" data-testid={`sub-card-${sub.name}`}>
      <div className="sub-card-head">
        <div className="sub-card-title">
          <strong>{sub.name}</strong>
          <Tag color={frozen ? 'red' : 'green'} bordered={false} data-testid="sub-status">
            {t(frozen ? 'subAccounts.frozen' : 'subAccounts.active')}
          </Tag>
        </div>
        <span className="sub-total" data-testid="sub-total">
          <bdi dir="ltr">{`≈ ${twoPlaces(sub.totalUsdt)} USDT`}</bdi>
        </span>
      </div>
      <dl className="sub-facts">
        <div>
          <dt>{t('subAccounts.email')}</dt>
          <dd>
            <bdi dir="ltr">{sub.email}</bdi>
          </dd>
        </div>
        <div>
          <dt>UID</dt>
          <dd>
            <bdi dir="ltr">{sub.userId}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('subAccounts.assets')}</dt>
          <dd data-testid="sub-assets">
            {sub.assets.length === 0
              ? t('subAccounts.noAssets')
              : sub.assets.map((a) => (
                  <bdi key={a.coin} dir="ltr" className="sub-asset">
                    {`${a.available} ${a.coin}`}
                  </bdi>
                ))}
          </dd>
        </div>
      </dl>
      <div className="sub-actions">
        <Button
          icon={<SwapOutlined />}
          onClick={() => actions.onTransfer(sub.userId)}
          data-testid="sub-transfer"
        >
          {t('subAccounts.transfer')}
        </Button>
        <Button
          icon={<LoginOutlined />}
          type="primary"
          disabled={frozen || actions.busy}
          onClick={() => actions.onSwitch(sub.userId)}
          data-testid="sub-switch"
        >
          {t('subAccounts.switch')}
        </Button>
        <Popconfirm
          title={t(frozen ? 'subAccounts.unfreezeTitle' : 'subAccounts.freezeTitle')}
          description={frozen ? undefined : t('subAccounts.freezeText')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() => actions.onFreeze(sub.userId, !frozen)}
        >
          <Button
            icon={frozen ? <UnlockOutlined /> : <LockOutlined />}
            danger={!frozen}
            data-testid="sub-freeze"
          >
            {t(frozen ? 'subAccounts.unfreeze' : 'subAccounts.freeze')}
          </Button>
        </Popconfirm>
        <ButtonLink
          to={`${localePath('/subaccount/setting')}?sub=${sub.userId}`}
          icon={<SettingOutlined />}
          data-testid="sub-settings"
        >
          {t('subAccounts.settings')}
        </ButtonLink>
      </div>
    </li>
  );
}

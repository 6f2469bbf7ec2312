import { RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { switchBackToMain, useSubAccountState } from '../api/sub-accounts';
import './switch-back-bar.css';
import { useApp } from '../../../platform/widgets/app-widgets';

/** In the header while the main acts as a sub: which sub, and the way back to the main account. */
export function SwitchBackBar({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const { data: state } = useSubAccountState(signedIn);
  const [busy, setBusy] = useState(false);
  if (!signedIn || !state?.switched) return null;

  async function back() {
    setBusy(true);
    try {
      await switchBackToMain();
      location.assign(localePath('/account/sub-account'));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <Button
      size="small"
      className="sub-switch-back"
      icon={<RollbackOutlined />}
      loading={busy}
      onClick={() => void back()}
      data-testid="sub-switch-back"
      title={t('subAccounts.actingAs', { name: state.subName ?? '' })}
    >
      <span className="sub-switch-back-name">{state.subName}</span>
      <span className="sub-switch-back-text">{t('subAccounts.backToMain')}</span>
    </Button>
  );
}

import {
  GoogleOutlined,
  MailOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { GoogleSetup, SecondFactor, SecondFactorStatus } from '@quay/core';
import { Button, Form, QRCode, Skeleton, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { ButtonLink } from '../../../ui/button-link';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useGoogleSetup } from '../api/google-setup';
import { useModifyFactor } from '../api/modify-factor';
import { useSecurityFactors } from '../api/security-factors';
import { useSendSecurityCode } from '../api/security-send-code';
import { FactorCodeField, type CodeFieldName } from './factor-code-field';
import './settings-page.css';
import './modify-verification.css';
import { useApp } from '../../../platform/widgets/app-widgets';

interface Change {
  factor: SecondFactor;
  enable: boolean;
}

type Codes = Partial<Record<CodeFieldName, string>>;

const FIELD: Record<SecondFactor, CodeFieldName> = {
  google: 'googleCode',
  email: 'emailCode',
  mobile: 'mobileCode',
};

const ICON: Record<SecondFactor, ReactNode> = {
  google: <GoogleOutlined />,
  email: <MailOutlined />,
  mobile: <MobileOutlined />,
};

/**
 * /modifyverification: the user's second factors. Binding Google
 * Authenticator shows a new key once (QR code and text) and takes a first
 * code; every change also asks for the codes of the factors on now.
 */
export function ModifyVerificationPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: status, isPending } = useSecurityFactors();
  const [change, setChange] = useState<Change | null>(null);

  if (isPending || !status) {
    return (
      <div className="settings-page">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  const rows: Array<{ factor: SecondFactor; on: boolean; detail: string | null; usable: boolean }> =
    [
      { factor: 'google', on: status.google, detail: null, usable: true },
      {
        factor: 'email',
        on: status.email,
        detail: status.maskedEmail,
        usable: status.maskedEmail !== null,
      },
      {
        factor: 'mobile',
        on: status.mobile,
        detail: status.maskedMobile,
        usable: status.maskedMobile !== null,
      },
    ];
  const anyOn = status.google || status.email || status.mobile;

  return (
    <div className="settings-page" data-testid="modify-verification-page">
      <div className="factor-head">
        <h1>{t('auth2fa.pageTitle')}</h1>
        <ButtonLink to={localePath('/account/setting')}>{t('auth2fa.backToSettings')}</ButtonLink>
      </div>
      <section className="settings-card">
        <h2>
          <SafetyCertificateOutlined /> {t('auth2fa.sectionTitle')}
        </h2>
        <p className="factor-intro">{t(anyOn ? 'auth2fa.introOn' : 'auth2fa.introOff')}</p>
        <ul className="factor-list">
          {rows.map((row) => (
            <li key={row.factor} data-testid={`factor-${row.factor}`}>
              <span className="factor-icon">{ICON[row.factor]}</span>
              <div className="factor-text">
                <strong>{t(`auth2fa.factor.${row.factor}`)}</strong>
                <span>
                  {row.usable ? (
                    row.detail ? (
                      <bdi dir="ltr">{row.detail}</bdi>
                    ) : (
                      t('auth2fa.googleDescription')
                    )
                  ) : (
                    t('auth2fa.noAddress')
                  )}
                </span>
              </div>
              <Tag
                color={row.on ? 'success' : 'default'}
                data-testid={`factor-${row.factor}-state`}
              >
                {t(row.on ? 'auth2fa.on' : 'auth2fa.off')}
              </Tag>
              <div className="factor-actions">
                {row.factor === 'google' && row.on ? (
                  <Button
                    data-testid="factor-google-change"
                    onClick={() => setChange({ factor: 'google', enable: true })}
                  >
                    {t('auth2fa.change')}
                  </Button>
                ) : null}
                <Button
                  data-testid={`factor-${row.factor}-toggle`}
                  type={row.on ? 'default' : 'primary'}
                  danger={row.on}
                  disabled={!row.usable}
                  onClick={() => setChange({ factor: row.factor, enable: !row.on })}
                >
                  {t(
                    row.on
                      ? 'auth2fa.turnOff'
                      : row.factor === 'google'
                        ? 'auth2fa.bind'
                        : 'auth2fa.turnOn',
                  )}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {change ? (
        <ChangeDialog change={change} status={status} onClose={() => setChange(null)} />
      ) : null}
    </div>
  );
}

function ChangeDialog({
  change,
  status,
  onClose,
}: {
  change: Change;
  status: SecondFactorStatus;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<Codes>();
  const modify = useModifyFactor();
  const setup = useGoogleSetup();
  const sendCode = useSendSecurityCode();
  const [key, setKey] = useState<GoogleSetup | null>(null);
  const bindingGoogle = change.factor === 'google' && change.enable;

  // Codes asked for: every factor on now, plus the address being turned on.
  const needed = (['google', 'email', 'mobile'] as const).filter(
    (f) => status[f] || (change.enable && f === change.factor && f !== 'google'),
  );

  async function newKey() {
    try {
      setKey(await setup.mutateAsync());
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  async function submit(codes: Codes) {
    try {
      await modify.mutateAsync({ ...change, ...codes });
      void message.success(t(change.enable ? 'auth2fa.enabled' : 'auth2fa.disabled'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const title = t(
    bindingGoogle
      ? status.google
        ? 'auth2fa.changeGoogleTitle'
        : 'auth2fa.bindGoogleTitle'
      : change.enable
        ? 'auth2fa.turnOnTitle'
        : 'auth2fa.turnOffTitle',
    { factor: t(`auth2fa.factor.${change.factor}`) },
  );

  return (
    <AppDialog
      open
      title={title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      testId="factor-dialog"
    >
      {bindingGoogle && !key ? (
        <div className="factor-setup-start">
          <p>{t('auth2fa.bindGoogleIntro')}</p>
          <Button
            type="primary"
            block
            size="large"
            loading={setup.isPending}
            onClick={() => void newKey()}
            data-testid="google-setup-start"
          >
            {t('auth2fa.showKey')}
          </Button>
        </div>
      ) : (
        <Form<Codes> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          {bindingGoogle && key ? (
            <div className="factor-key">
              <p>{t('auth2fa.scanHint')}</p>
              <div className="factor-qr">
                <QRCode value={key.otpauthUri} size={168} bgColor="#ffffff" color="#000000" />
              </div>
              <p className="factor-key-label">{t('auth2fa.manualKey')}</p>
              <Typography.Text copyable={{ text: key.secret }} code data-testid="google-secret">
                {/* In blocks of four, as authenticator apps accept it typed; the copy is unspaced. */}
                <bdi dir="ltr">{key.secret.replace(/(.{4})(?=.)/g, '$1 ')}</bdi>
              </Typography.Text>
              <p className="factor-warning">{t('auth2fa.keyOnce')}</p>
              <FactorCodeField name="newGoogleCode" testId="google-new-code" />
            </div>
          ) : null}
          {needed.length > 0 ? (
            <p className="factor-confirm-hint">{t('auth2fa.confirmHint')}</p>
          ) : null}
          {needed.map((factor) => (
            <FactorCodeField
              key={factor}
              name={FIELD[factor]}
              testId={`factor-code-${factor}`}
              target={factor === 'email' ? status.maskedEmail : status.maskedMobile}
              send={
                factor === 'google' ? undefined : () => sendCode.mutateAsync({ channel: factor })
              }
            />
          ))}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            danger={!change.enable}
            loading={modify.isPending}
            data-testid="factor-confirm"
          >
            {t('auth2fa.confirm')}
          </Button>
        </Form>
      )}
    </AppDialog>
  );
}

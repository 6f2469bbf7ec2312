import { SafetyOutlined } from '@ant-design/icons';
import { ANTI_PHISHING_MAX, ANTI_PHISHING_PATTERN } from '@quay/core';
import { Button, Empty, Form, Input, Select, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import { TextTabs } from '../../../ui/text-tabs';
import {
  useRevokeSubSession,
  useSetSubAntiPhishing,
  useSubLoginHistory,
  useSubSettings,
} from '../api/sub-account-settings';
import { useSubAccounts } from '../api/sub-accounts';
import { SubApiKeys } from './sub-api-keys';
import './sub-accounts.css';
import { useApp } from '../../../platform/widgets/app-widgets';

export type SubSettingsSection = 'overview' | 'antiphishing' | 'devices' | 'history' | 'api';
const SECTIONS: readonly SubSettingsSection[] = [
  'overview',
  'antiphishing',
  'devices',
  'history',
  'api',
];
const CODE_RULE = new RegExp(ANTI_PHISHING_PATTERN);

/** /subaccount/setting and its pages: one chosen sub's security, tended by its main. */
export function SubSettingsPage({ section }: { section: SubSettingsSection }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: list, isPending, error } = useSubAccounts();
  const chosen = params.get('sub');
  const sub = list?.subs.find((s) => s.userId === chosen) ?? list?.subs[0] ?? null;
  const pathOf = (to: SubSettingsSection, userId = sub?.userId ?? '') =>
    `${localePath(to === 'overview' ? '/subaccount/setting' : `/subaccount/setting/${to}`)}?sub=${userId}`;

  return (
    <div className="sub-page" data-testid={`sub-settings-${section}`}>
      <div className="sub-head">
        <h1>
          <SafetyOutlined /> {t('subAccounts.settingsTitle')}
        </h1>
        <ButtonLink to={localePath('/account/sub-account')} data-testid="sub-settings-back">
          {t('subAccounts.backToList')}
        </ButtonLink>
      </div>
      {error instanceof ApiError ? (
        <p className="sub-hint">{error.msg}</p>
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !sub ? (
        <Empty description={t('subAccounts.empty')} />
      ) : (
        <>
          <label className="sub-picker">
            <span>{t('subAccounts.chooseSub')}</span>
            <Select
              value={sub.userId}
              options={list?.subs.map((s) => ({
                value: s.userId,
                label: `${s.name} (${s.userId})`,
              }))}
              onChange={(userId: string) => void navigate(pathOf(section, userId))}
              data-testid="sub-settings-picker"
            />
          </label>
          <TextTabs
            className="sub-tabs"
            tabs={SECTIONS.map((key) => ({ key, label: t(`subAccounts.section.${key}`) }))}
            active={section}
            onSelect={(key) => void navigate(pathOf(key))}
            testId={(key) => `sub-tab-${key}`}
          />
          <section className="sub-section">
            {section === 'api' ? (
              <SubApiKeys subUserId={sub.userId} />
            ) : section === 'history' ? (
              <SubHistory subUserId={sub.userId} />
            ) : (
              <SubSecurity subUserId={sub.userId} section={section} />
            )}
          </section>
        </>
      )}
    </div>
  );
}

function SubSecurity({ subUserId, section }: { subUserId: string; section: SubSettingsSection }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ code: string }>();
  const { data: settings, isPending } = useSubSettings(subUserId);
  const save = useSetSubAntiPhishing();
  const revoke = useRevokeSubSession();
  const fail = (err: unknown) => {
    if (err instanceof ApiError) void message.error(err.msg);
  };
  if (isPending || !settings) return <Skeleton active paragraph={{ rows: 3 }} />;
  const code = settings.antiPhishingCode ? (
    <bdi dir="ltr" className="sub-code" data-testid="sub-antiphishing-current">
      {settings.antiPhishingCode}
    </bdi>
  ) : (
    <span data-testid="sub-antiphishing-current">{t('subAccounts.notSet')}</span>
  );

  if (section === 'antiphishing') {
    return (
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className="sub-form"
        onFinish={(values) =>
          save.mutateAsync({ subUserId, code: values.code }).then(() => {
            void message.success(t('subAccounts.saved'));
            form.resetFields();
          }, fail)
        }
      >
        <p className="sub-hint">
          {t('subAccounts.antiPhishingCurrent')} {code}
        </p>
        <Form.Item
          name="code"
          label={t('subAccounts.antiPhishingNew')}
          extra={t('subAccounts.antiPhishingRule')}
          rules={[
            { required: true, message: t('subAccounts.antiPhishingRule') },
            { pattern: CODE_RULE, message: t('subAccounts.antiPhishingRule') },
          ]}
        >
          <Input maxLength={ANTI_PHISHING_MAX} dir="ltr" data-testid="sub-antiphishing-code" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="sub-antiphishing-submit"
        >
          {t('subAccounts.save')}
        </Button>
      </Form>
    );
  }
  if (section === 'devices') {
    return settings.sessions.length === 0 ? (
      <Empty description={t('subAccounts.noSessions')} />
    ) : (
      <ul className="sub-rows" data-testid="sub-sessions">
        {settings.sessions.map((s) => (
          <li key={s.id}>
            <div>
              <bdi dir="ltr">{s.ip ?? '—'}</bdi>
              <span className="sub-muted">{s.userAgent ?? ''}</span>
            </div>
            <DateTime value={s.lastSeenAt} className="sub-time" />
            <Button
              danger
              size="small"
              onClick={() => void revoke.mutateAsync({ subUserId, id: s.id }).catch(fail)}
              data-testid="sub-session-revoke"
            >
              {t('subAccounts.endSession')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <dl className="sub-facts" data-testid="sub-settings-overview">
      <div>
        <dt>{t('subAccounts.section.antiphishing')}</dt>
        <dd>{code}</dd>
      </div>
      <div>
        <dt>{t('subAccounts.section.devices')}</dt>
        <dd>{t('subAccounts.sessionCount', { n: settings.sessions.length })}</dd>
      </div>
    </dl>
  );
}

function SubHistory({ subUserId }: { subUserId: string }) {
  const { t } = useTranslation();
  const { data, isPending } = useSubLoginHistory(subUserId);
  if (isPending || !data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (data.items.length === 0) return <Empty description={t('subAccounts.noHistory')} />;
  return (
    <ul className="sub-rows" data-testid="sub-history">
      {data.items.map((row) => (
        <li key={row.id}>
          <div>
            <bdi dir="ltr">{row.ip ?? '—'}</bdi>
            <span className="sub-muted">{row.userAgent ?? ''}</span>
          </div>
          <DateTime value={row.createdAt} className="sub-time" />
          <Tag color={row.success ? 'green' : 'red'} bordered={false}>
            {t(row.success ? 'subAccounts.loginOk' : 'subAccounts.loginFailed')}
          </Tag>
        </li>
      ))}
    </ul>
  );
}

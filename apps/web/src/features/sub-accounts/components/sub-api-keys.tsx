import { API_KEY_PASSPHRASE_PATTERN, API_KEY_SCOPES, type ApiKeyScope } from '@quay/core';
import { Alert, Button, Checkbox, Empty, Form, Input, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { DateTime } from '../../../ui/date-time';
import { useCreateSubApiKey, useDeleteSubApiKey, useSubApiKeys } from '../api/sub-account-settings';
import { useApp } from '../../../platform/widgets/app-widgets';

interface KeyForm {
  label: string;
  scopes: ApiKeyScope[];
  ips: string;
  passphrase: string;
  googleCode?: string;
}

const PASSPHRASE = new RegExp(API_KEY_PASSPHRASE_PATTERN);

/** A sub's API keys: made with the main's authenticator code; they trade the sub's coins only. */
export function SubApiKeys({ subUserId }: { subUserId: string }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<KeyForm>();
  const { data: keys, isPending } = useSubApiKeys(subUserId);
  const create = useCreateSubApiKey();
  const remove = useDeleteSubApiKey();
  const [secret, setSecret] = useState<{ apiKey: string; secret: string } | null>(null);
  const fail = (err: unknown) => {
    if (err instanceof ApiError) void message.error(err.msg);
  };

  async function submit(values: KeyForm) {
    try {
      const made = await create.mutateAsync({
        subUserId,
        label: values.label,
        scopes: values.scopes,
        ips: values.ips
          .split(/\s+/)
          .map((ip) => ip.trim())
          .filter(Boolean),
        passphrase: values.passphrase,
        ...(values.googleCode ? { googleCode: values.googleCode } : {}),
      });
      setSecret({ apiKey: made.key.apiKey, secret: made.secret });
      form.resetFields();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <div className="sub-api">
      <p className="sub-hint">{t('subAccounts.apiIntro')}</p>
      {secret ? (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setSecret(null)}
          message={t('subAccounts.secretOnce')}
          description={
            <div className="sub-secret" data-testid="sub-api-secret">
              <bdi dir="ltr">{secret.apiKey}</bdi>
              <bdi dir="ltr">{secret.secret}</bdi>
            </div>
          }
        />
      ) : null}
      {isPending || !keys ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : keys.length === 0 ? (
        <Empty description={t('subAccounts.noKeys')} />
      ) : (
        <ul className="sub-rows" data-testid="sub-api-keys">
          {keys.map((key) => (
            <li key={key.apiKey}>
              <div>
                <strong>{key.label}</strong>
                <bdi dir="ltr" className="sub-muted">
                  {key.apiKey}
                </bdi>
              </div>
              <span>
                {key.scopes.map((s) => (
                  <Tag key={s} bordered={false}>
                    {t(`subAccounts.scope.${s}`)}
                  </Tag>
                ))}
              </span>
              <DateTime value={key.createdAt} className="sub-time" />
              <Popconfirm
                title={t('subAccounts.deleteKey')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutateAsync({ subUserId, apiKey: key.apiKey }).catch(fail)}
              >
                <Button danger size="small" data-testid="sub-api-delete">
                  {t('subAccounts.delete')}
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
      <Form<KeyForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="sub-form"
        onFinish={submit}
        initialValues={{ scopes: ['read'], ips: '' }}
      >
        <h3>{t('subAccounts.newKey')}</h3>
        <Form.Item
          name="label"
          label={t('subAccounts.keyLabel')}
          rules={[{ required: true, message: t('subAccounts.keyLabel') }]}
        >
          <Input maxLength={40} data-testid="sub-api-label" />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('subAccounts.permissions')}
          rules={[{ required: true, type: 'array', min: 1, message: t('subAccounts.permissions') }]}
        >
          <Checkbox.Group
            options={API_KEY_SCOPES.map((s) => ({ value: s, label: t(`subAccounts.scope.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="ips" label={t('subAccounts.ips')} extra={t('subAccounts.ipsHint')}>
          <Input.TextArea rows={2} dir="ltr" />
        </Form.Item>
        <Form.Item
          name="passphrase"
          label={t('subAccounts.passphrase')}
          extra={t('subAccounts.passphraseHint')}
          rules={[
            { required: true, pattern: PASSPHRASE, message: t('subAccounts.passphraseHint') },
          ]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" data-testid="sub-api-passphrase" />
        </Form.Item>
        <Form.Item
          name="googleCode"
          label={t('subAccounts.mainCode')}
          extra={t('subAccounts.mainCodeHint')}
        >
          <Input inputMode="numeric" maxLength={6} dir="ltr" data-testid="sub-api-code" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending}
          data-testid="sub-api-submit"
        >
          {t('subAccounts.createKey')}
        </Button>
      </Form>
    </div>
  );
}

import {
  API_KEY_LABEL_MAX,
  API_KEY_PASSPHRASE_PATTERN,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreatedApiKey,
  type FactorCodes,
  type SecondFactorStatus,
} from '@quay/core';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { useCreateApiKey, useUpdateApiKey } from '../api/api-keys';
import { ChangeCodes } from './change-codes';
import { SecretPanel } from './secret-panel';
import { useApp } from '../../../platform/widgets/app-widgets';

interface KeyForm extends FactorCodes {
  label: string;
  scopes: ApiKeyScope[];
  ips: string;
  passphrase?: string;
}

/** The allow-list as typed: one entry a line or between commas and spaces. */
export function ipsOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * Creating a key (label, permissions, allow-list, passphrase, the second
 * factor's codes), then its secret shown once; or editing one.
 */
export function KeyFormDialog({
  editing,
  factors,
  onClose,
}: {
  /** The key being edited; null creates one. */
  editing: ApiKeySummary | null;
  factors: SecondFactorStatus;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<KeyForm>();
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  async function submit(values: KeyForm) {
    const codes = {
      googleCode: values.googleCode,
      emailCode: values.emailCode,
      mobileCode: values.mobileCode,
    };
    const fields = { label: values.label.trim(), scopes: values.scopes, ips: ipsOf(values.ips) };
    try {
      if (editing) {
        await update.mutateAsync({ apiKey: editing.apiKey, ...fields, ...codes });
        void message.success(t('apiKeys.saved'));
        onClose();
      } else {
        setCreated(
          await create.mutateAsync({ ...fields, passphrase: values.passphrase ?? '', ...codes }),
        );
      }
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const title = created
    ? t('apiKeys.secretTitle')
    : t(editing ? 'apiKeys.editTitle' : 'apiKeys.create');
  return (
    <AppDialog
      open
      title={title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={!created}
      testId="api-key-dialog"
    >
      {created ? (
        <SecretPanel created={created} onDone={onClose} />
      ) : (
        <Form<KeyForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          initialValues={{
            label: editing?.label ?? '',
            scopes: editing?.scopes ?? ['read'],
            ips: editing?.ips.join('\n') ?? '',
          }}
        >
          <Form.Item
            name="label"
            label={t('apiKeys.label')}
            rules={[{ required: true, whitespace: true, message: t('apiKeys.labelRequired') }]}
          >
            <Input
              maxLength={API_KEY_LABEL_MAX}
              placeholder={t('apiKeys.labelPlaceholder')}
              data-testid="api-key-label"
            />
          </Form.Item>
          <Form.Item
            name="scopes"
            label={t('apiKeys.permissions')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('apiKeys.scopesRequired') },
            ]}
          >
            <Checkbox.Group
              data-testid="api-key-scopes"
              options={API_KEY_SCOPES.map((scope) => ({
                value: scope,
                label: (
                  <span data-testid={`api-key-scope-${scope}`}>{t(`apiKeys.scope.${scope}`)}</span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item name="ips" label={t('apiKeys.ips')} extra={t('apiKeys.ipsHint')}>
            <Input.TextArea
              rows={3}
              dir="ltr"
              placeholder="203.0.113.7&#10;10.0.0.0/24"
              data-testid="api-key-ips"
            />
          </Form.Item>
          {editing ? null : (
            <Form.Item
              name="passphrase"
              label={t('apiKeys.passphrase')}
              extra={t('apiKeys.passphraseHint')}
              rules={[
                { required: true, message: t('apiKeys.passphraseInvalid') },
                {
                  pattern: new RegExp(API_KEY_PASSPHRASE_PATTERN),
                  message: t('apiKeys.passphraseInvalid'),
                },
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="api-key-passphrase" />
            </Form.Item>
          )}
          <ChangeCodes factors={factors} />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={create.isPending || update.isPending}
            data-testid="api-key-submit"
          >
            {t(editing ? 'apiKeys.save' : 'apiKeys.submit')}
          </Button>
        </Form>
      )}
    </AppDialog>
  );
}

import { VERIFY_CODE_PATTERN, type SecondFactorStatus } from '@quay/core';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useSendChangeCode } from '../api/second-factor';

const CODE = new RegExp(VERIFY_CODE_PATTERN);

/** The 6-digit code of every second factor on, inside a key form; mailed and texted codes are sent on request. */
export function ChangeCodes({ factors }: { factors: SecondFactorStatus }) {
  const { t } = useTranslation();
  const rules = [
    { required: true, message: t('auth.errors.codeRequired') },
    { pattern: CODE, message: t('auth.errors.codeInvalid') },
  ];
  const input = (testId: string) => (
    <Input
      data-testid={testId}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      placeholder={t('auth.codePlaceholder')}
    />
  );
  return (
    <>
      <p className="api-key-hint">{t('auth2fa.confirmHint')}</p>
      {factors.google ? (
        <Form.Item name="googleCode" label={t('auth2fa.googleCode')} rules={rules}>
          {input('api-key-code-google')}
        </Form.Item>
      ) : null}
      {factors.email ? (
        <SentCode
          name="emailCode"
          channel="email"
          target={factors.maskedEmail}
          field={input('api-key-code-email')}
          rules={rules}
        />
      ) : null}
      {factors.mobile ? (
        <SentCode
          name="mobileCode"
          channel="mobile"
          target={factors.maskedMobile}
          field={input('api-key-code-mobile')}
          rules={rules}
        />
      ) : null}
    </>
  );
}

function SentCode({
  name,
  channel,
  target,
  field,
  rules,
}: {
  name: 'emailCode' | 'mobileCode';
  channel: 'email' | 'mobile';
  target: string | null;
  field: React.ReactNode;
  rules: object[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendChangeCode();
  const [sent, setSent] = useState(false);
  async function onSend() {
    try {
      await send.mutateAsync(channel);
      setSent(true);
      void message.success(
        t(channel === 'email' ? 'auth.codeSentEmail' : 'auth.codeSentMobile', {
          target: target ?? '',
        }),
      );
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }
  return (
    <Form.Item
      label={t(channel === 'email' ? 'auth2fa.emailCode' : 'auth2fa.mobileCode')}
      required
      extra={target ? <bdi dir="ltr">{target}</bdi> : undefined}
    >
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules}>
          {field}
        </Form.Item>
        <Button loading={send.isPending} onClick={() => void onSend()}>
          {t(sent ? 'apiKeys.sendAgain' : 'auth.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

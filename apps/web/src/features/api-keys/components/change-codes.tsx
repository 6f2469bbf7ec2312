import { VERIFY_CODE_PATTERN, type SecondFactorStatus } from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useSendChangeCode } from '../api/second-factor';
import { useApp } from '../../../platform/widgets/app-widgets';

const CODE = new RegExp(VERIFY_CODE_PATTERN);

type Channel = 'google' | 'email' | 'mobile';

const FIELD = { google: 'googleCode', email: 'emailCode', mobile: 'mobileCode' } as const;
const LABEL = {
  google: 'auth2fa.googleCode',
  email: 'auth2fa.emailCode',
  mobile: 'auth2fa.mobileCode',
} as const;

/** The 6-digit code of every second factor on, inside a key form. */
export function ChangeCodes({ factors }: { factors: SecondFactorStatus }) {
  const { t } = useTranslation();
  const on = (['google', 'email', 'mobile'] as const).filter((channel) => factors[channel]);
  const target = { google: null, email: factors.maskedEmail, mobile: factors.maskedMobile };
  return (
    <>
      <p className="api-key-hint">{t('auth2fa.confirmHint')}</p>
      {on.map((channel) => (
        <CodeField key={channel} channel={channel} target={target[channel]} />
      ))}
    </>
  );
}

/** One factor's code; a mailed or texted one has a button in the field that sends it. */
function CodeField({ channel, target }: { channel: Channel; target: string | null }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const send = useSendChangeCode();
  const [sent, setSent] = useState(false);

  async function sendCode(to: 'email' | 'mobile') {
    try {
      await send.mutateAsync(to);
      setSent(true);
      const key = to === 'email' ? 'auth.codeSentEmail' : 'auth.codeSentMobile';
      void message.success(t(key, { target: target ?? '' }));
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  const sendButton =
    channel === 'google' ? undefined : (
      <Button
        type="link"
        size="small"
        loading={send.isPending}
        onClick={() => void sendCode(channel)}
        data-testid={`api-key-code-${channel}-send`}
      >
        {t(sent ? 'apiKeys.sendAgain' : 'auth.sendCode')}
      </Button>
    );
  return (
    <Form.Item
      name={FIELD[channel]}
      label={t(LABEL[channel])}
      extra={target ? <bdi dir="ltr">{target}</bdi> : undefined}
      rules={[
        { required: true, message: t('auth.errors.codeRequired') },
        { pattern: CODE, message: t('auth.errors.codeInvalid') },
      ]}
    >
      <Input
        data-testid={`api-key-code-${channel}`}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder={t('auth.codePlaceholder')}
        suffix={sendButton}
      />
    </Form.Item>
  );
}

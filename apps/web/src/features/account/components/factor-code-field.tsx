import { VERIFY_CODE_PATTERN } from '@quay/core';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import type { CodeSent } from '../api/send-code';
import { useCountdown } from '../hooks/use-countdown';
import { useApp } from '../../../platform/widgets/app-widgets';

const CODE_RULE = new RegExp(VERIFY_CODE_PATTERN);

/** The field name a factor's code travels under. */
export type CodeFieldName = 'googleCode' | 'newGoogleCode' | 'emailCode' | 'mobileCode';

/**
 * One 6-digit code of a second factor inside a Form: the authenticator's
 * code, or a mailed or texted code with its own "send code" button and
 * resend countdown.
 */
export function FactorCodeField({
  name,
  target,
  send,
  testId,
}: {
  name: CodeFieldName;
  /** Where an email or mobile code goes, masked. */
  target?: string | null;
  /** Sends an email or mobile code; absent for authenticator codes. */
  send?: () => Promise<CodeSent>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const countdown = useCountdown();
  const rules = [
    { required: true, message: t('auth.errors.codeRequired') },
    { pattern: CODE_RULE, message: t('auth.errors.codeInvalid') },
  ];
  const input = (
    <Input
      data-testid={testId}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      placeholder={t('auth.codePlaceholder')}
    />
  );
  if (!send) {
    return (
      <Form.Item
        name={name}
        label={t(name === 'newGoogleCode' ? 'auth2fa.newGoogleCode' : 'auth2fa.googleCode')}
        rules={rules}
        extra={name === 'googleCode' ? t('auth2fa.googleCodeHint') : undefined}
      >
        {input}
      </Form.Item>
    );
  }

  async function onSend() {
    if (!send) return;
    try {
      const sent = await send();
      countdown.start(sent.resendSeconds);
      void message.success(
        t(name === 'emailCode' ? 'auth.codeSentEmail' : 'auth.codeSentMobile', {
          target: target ?? '',
        }),
      );
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }

  return (
    <Form.Item
      label={t(name === 'emailCode' ? 'auth2fa.emailCode' : 'auth2fa.mobileCode')}
      required
      extra={target ? <bdi dir="ltr">{target}</bdi> : undefined}
    >
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={rules}>
          {input}
        </Form.Item>
        <Button
          data-testid={`${testId}-send`}
          onClick={() => void onSend()}
          disabled={countdown.seconds > 0}
          className="send-code"
        >
          {countdown.seconds > 0
            ? t('auth.resendIn', { seconds: countdown.seconds })
            : t('auth.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

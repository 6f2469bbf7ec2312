import { VERIFY_CODE_PATTERN } from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFactors, useSendCode } from '../api/p2p';

const CODE = new RegExp(VERIFY_CODE_PATTERN);
const CHANNELS = [
  ['google', 'googleCode', 'auth2fa.googleCode'],
  ['email', 'emailCode', 'auth2fa.emailCode'],
  ['mobile', 'mobileCode', 'auth2fa.mobileCode'],
] as const;

/** The code of every second factor the account has on, as fields of the surrounding form. */
export function FactorCodes() {
  const { t } = useTranslation();
  const factors = useFactors();
  const send = useSendCode();
  if (!factors.data) return null;
  const status = factors.data;
  if (!status.google && !status.email && !status.mobile) {
    return <p className="p2p-hint">{t('p2p.needsFactor')}</p>;
  }
  return (
    <>
      {CHANNELS.filter(([channel]) => status[channel]).map(([channel, field, label]) => (
        <Form.Item
          key={channel}
          name={field}
          label={t(label)}
          rules={[{ required: true, pattern: CODE, message: t('auth.errors.codeInvalid') }]}
        >
          <Input
            data-testid={`p2p-code-${channel}`}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            suffix={
              channel === 'google' ? undefined : (
                <Button type="link" size="small" onClick={() => send.mutate({ channel })}>
                  {t('auth.sendCode')}
                </Button>
              )
            }
          />
        </Form.Item>
      ))}
    </>
  );
}

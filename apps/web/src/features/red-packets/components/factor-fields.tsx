import { VERIFY_CODE_PATTERN } from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFactors, useSendCode } from '../api/red-packets';

const CODE = new RegExp(VERIFY_CODE_PATTERN);
const FACTORS = ['google', 'email', 'mobile'] as const;
type Factor = (typeof FACTORS)[number];

/** One code field: an authenticator code, or a code sent by mail or text on request. */
function CodeField({ factor }: { factor: Factor }) {
  const { t } = useTranslation();
  const send = useSendCode();
  const sendButton =
    factor === 'google' ? null : (
      <Button
        loading={send.isPending}
        onClick={() => send.mutate({ channel: factor })}
        data-testid={`rp-send-${factor}`}
      >
        {t('auth.sendCode')}
      </Button>
    );
  return (
    <Form.Item label={t(`auth2fa.${factor}Code`)} required>
      <div className="rp-factor">
        <Form.Item
          noStyle
          name={`${factor}Code`}
          rules={[{ required: true, pattern: CODE, message: t('auth.errors.codeInvalid') }]}
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid={`rp-factor-${factor}`}
          />
        </Form.Item>
        {sendButton}
      </div>
    </Form.Item>
  );
}

/** The create form's second-factor codes, once the server asked for them: one per factor that is on. */
export function FactorFields() {
  const { t } = useTranslation();
  const { data: status } = useFactors(true);
  if (!status) return null;
  const on = FACTORS.filter((factor) => status[factor]);
  if (on.length === 0)
    return (
      <p className="rp-error" data-testid="rp-needs-factor">
        {t('redPacket.needsFactor')}
      </p>
    );
  return on.map((factor) => <CodeField key={factor} factor={factor} />);
}

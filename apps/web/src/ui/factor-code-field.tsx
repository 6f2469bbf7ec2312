import { VERIFY_CODE_PATTERN } from '@quay/core';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './factor-code-field.css';

const CODE = new RegExp(VERIFY_CODE_PATTERN);

export type FactorName = 'google' | 'email' | 'mobile';

/**
 * One second-factor code field of a form (its value under `<factor>Code`):
 * an authenticator code, or a code sent by mail or text on request through
 * `onSend`. Test ids: `<testIdPrefix>-factor-<factor>`, `<testIdPrefix>-send-<factor>`.
 */
export function FactorCodeField(props: {
  factor: FactorName;
  testIdPrefix: string;
  onSend: (channel: 'email' | 'mobile') => Promise<unknown>;
}) {
  const { factor, testIdPrefix, onSend } = props;
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const send = async (channel: 'email' | 'mobile') => {
    setSending(true);
    try {
      await onSend(channel);
    } catch {
      // The request layer has told the user why.
    } finally {
      setSending(false);
    }
  };
  return (
    <Form.Item label={t(`auth2fa.${factor}Code`)} required>
      <div className="factor-code">
        <Form.Item
          noStyle
          name={`${factor}Code`}
          rules={[{ required: true, pattern: CODE, message: t('auth.errors.codeInvalid') }]}
        >
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid={`${testIdPrefix}-factor-${factor}`}
          />
        </Form.Item>
        {factor === 'google' ? null : (
          <Button
            loading={sending}
            onClick={() => void send(factor)}
            data-testid={`${testIdPrefix}-send-${factor}`}
          >
            {t('auth.sendCode')}
          </Button>
        )}
      </div>
    </Form.Item>
  );
}

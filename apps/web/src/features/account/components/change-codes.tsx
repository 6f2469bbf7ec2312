import type { SecondFactor, SecondFactorStatus } from '@quay/core';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSecurityFactors } from '../api/security-factors';
import { useSendSecurityCode } from '../api/security-send-code';
import { FactorCodeField, type CodeFieldName } from './factor-code-field';

const FIELD: Record<SecondFactor, CodeFieldName> = {
  google: 'googleCode',
  email: 'emailCode',
  mobile: 'mobileCode',
};

/**
 * The factors a security change asks for, as the server does: every factor
 * on, or, when none is, a code to the account's own email (else mobile).
 */
export function changeFactors(status: SecondFactorStatus): SecondFactor[] {
  const on = (['google', 'email', 'mobile'] as const).filter((f) => status[f]);
  if (on.length > 0) return on;
  return [status.maskedEmail !== null ? 'email' : 'mobile'];
}

/** The second-factor code fields of a security change, inside its Form. */
export function ChangeCodes({ testId = 'change-code' }: { testId?: string }) {
  const { t } = useTranslation();
  const { data: status } = useSecurityFactors();
  const sendCode = useSendSecurityCode();
  if (!status) return <Skeleton active paragraph={{ rows: 1 }} />;
  const factors = changeFactors(status);
  return (
    <>
      <p className="factor-confirm-hint">{t('accountSecurity.confirmHint')}</p>
      {factors.map((factor) => (
        <FactorCodeField
          key={factor}
          name={FIELD[factor]}
          testId={`${testId}-${factor}`}
          target={factor === 'email' ? status.maskedEmail : status.maskedMobile}
          send={factor === 'google' ? undefined : () => sendCode.mutateAsync({ channel: factor })}
        />
      ))}
    </>
  );
}

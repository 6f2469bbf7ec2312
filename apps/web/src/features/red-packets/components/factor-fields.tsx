import { useTranslation } from 'react-i18next';
import { FactorCodeField } from '../../../ui/factor-code-field';
import { useFactors, useSendCode } from '../api/red-packets';

const FACTORS = ['google', 'email', 'mobile'] as const;

/** The create form's second-factor codes, once the server asked for them: one per factor that is on. */
export function FactorFields() {
  const { t } = useTranslation();
  const { data: status } = useFactors(true);
  const send = useSendCode();
  if (!status) return null;
  const on = FACTORS.filter((factor) => status[factor]);
  if (on.length === 0)
    return (
      <p className="rp-error" data-testid="rp-needs-factor">
        {t('redPacket.needsFactor')}
      </p>
    );
  return on.map((factor) => (
    <FactorCodeField
      key={factor}
      factor={factor}
      testIdPrefix="rp"
      onSend={(channel) => send.mutateAsync({ channel })}
    />
  ));
}

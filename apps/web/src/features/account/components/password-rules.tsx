import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { passwordRuleFailures } from '@quay/core';
import { useTranslation } from 'react-i18next';

const RULES = ['length', 'upper', 'lower', 'digit'] as const;

/** The live checklist under the password field. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const failures = new Set(passwordRuleFailures(password));
  return (
    <ul className="password-rules" aria-live="polite">
      {RULES.map((rule) => {
        const met = password.length > 0 && !failures.has(rule);
        return (
          <li key={rule} className={met ? 'met' : ''} data-rule={rule} data-met={met}>
            {met ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(`auth.rules.${rule}`)}
          </li>
        );
      })}
    </ul>
  );
}

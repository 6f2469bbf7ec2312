import { THIRD_PARTY_PATHS, type LoginVerification } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { AuthCard } from './auth-card';
import { LoginVerifyStep } from './login-verify-step';

/** The second factor after a third-party login (third/securityVerify); a spent ticket starts over at the login page. */
export function ThirdPartyVerifyCard({ verification }: { verification: LoginVerification }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (
    <AuthCard title={t('auth2fa.verifyTitle')}>
      <LoginVerifyStep
        verification={verification}
        verifyPath={THIRD_PARTY_PATHS.securityVerify}
        onDone={() => void navigate(localePath('/'))}
        onRestart={() => void navigate(localePath('/login'))}
      />
    </AuthCard>
  );
}

import type { LoginAnswer, LoginVerification, SystemLoginVerification } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { needsSystemVerification, needsVerification } from '../api/login';
import { AuthCard } from './auth-card';
import { LoginVerifyStep } from './login-verify-step';
import { SystemLoginStep } from './system-login-step';

/** What a right password can still ask for: a new device's code, then the second factors. */
export type LoginStep =
  | { kind: 'system'; verification: SystemLoginVerification }
  | { kind: 'factors'; verification: LoginVerification };

/** The next step a login answer asks for, or null when it is a session. */
export function stepOf(answer: LoginAnswer): LoginStep | null {
  if (needsSystemVerification(answer)) {
    return { kind: 'system', verification: answer.systemVerification };
  }
  if (needsVerification(answer)) return { kind: 'factors', verification: answer.verification };
  return null;
}

/** The step after the password, in the login card: the user's login and the agency's share it. */
export function LoginStepCard({
  step,
  onStep,
  onDone,
  onRestart,
  agency = false,
}: {
  step: LoginStep;
  onStep(next: LoginStep): void;
  onDone(): void;
  onRestart(): void;
  agency?: boolean;
}) {
  const { t } = useTranslation();
  if (step.kind === 'system') {
    return (
      <AuthCard title={t('systemLogin.title')}>
        <SystemLoginStep
          verification={step.verification}
          onDone={onDone}
          onSecondFactor={(verification) => onStep({ kind: 'factors', verification })}
          onRestart={onRestart}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth2fa.verifyTitle')}>
      <LoginVerifyStep
        verification={step.verification}
        onDone={onDone}
        onRestart={onRestart}
        verifyPath={agency ? '/v1/user/agency/verify-login' : undefined}
      />
    </AuthCard>
  );
}

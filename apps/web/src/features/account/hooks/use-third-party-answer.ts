import type { LoginVerification, ThirdPartySignAnswer } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { useSessionStarted } from '../api/login';
import { keepPending } from '../api/third-party';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Where a third-party sign-in goes from its answer: in, to the second factor, or to bind-or-create. */
export function useThirdPartyAnswer(onVerification: (v: LoginVerification) => void) {
  const { t } = useTranslation();
  const { message } = useApp();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const started = useSessionStarted();
  return (answer: ThirdPartySignAnswer, extra: { signature?: string } = {}) => {
    if (answer.token && answer.userInfo && answer.expiresAt !== undefined) {
      started({ token: answer.token, expiresAt: answer.expiresAt, userInfo: answer.userInfo });
      void message.success(t('auth.loginSuccess'));
      void navigate(localePath('/'));
    } else if (answer.verification) {
      onVerification(answer.verification);
    } else if (answer.pending) {
      keepPending({ ...answer.pending, ...extra });
      void navigate(localePath('/login/third'));
    }
  };
}

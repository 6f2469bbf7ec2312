import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { isCeremonyAbort } from '../utils/ceremony';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Tells the user why a passkey ceremony failed: the server's reason, a dismissal, or no support. */
export function usePasskeyFailure(): (err: unknown) => void {
  const { t } = useTranslation();
  const { message } = useApp();
  return (err) => {
    if (err instanceof ApiError) void message.error(err.msg);
    else if (isCeremonyAbort(err)) void message.info(t('logins.passkeys.cancelled'));
    else void message.error(t('logins.passkeys.unsupported'));
  };
}

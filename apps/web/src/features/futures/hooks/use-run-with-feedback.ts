import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useFeedback } from '../../../platform/widgets/feedback';

/**
 * Runs a call of the trading screen and says how it went: the `done` toast
 * on success, the server's message (or a generic one) on failure. Resolves
 * to whether it succeeded, so a dialog knows whether to close.
 */
export function useRunWithFeedback() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  return async (work: () => Promise<unknown>, done?: string): Promise<boolean> => {
    try {
      await work();
      if (done) feedback.message.success(done);
      return true;
    } catch (err) {
      const fallback = t('futures.orderFailed');
      feedback.message.error(err instanceof ApiError ? err.msg || fallback : fallback);
      return false;
    }
  };
}

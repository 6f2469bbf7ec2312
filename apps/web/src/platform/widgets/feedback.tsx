/**
 * Toasts (antd message) and notifications with the spec section 9 defaults,
 * drawn by the widgets host so they follow theme, direction and locale.
 */
import { QuestionCircleFilled } from '@ant-design/icons';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification';
import { useMemo, type ReactNode } from 'react';
import { MESSAGE_DURATION_MS, NOTIFICATION_DURATION_MS, toSeconds } from './widget-defaults';
import { useApp } from './app-widgets';

export type FeedbackType = 'success' | 'warning' | 'info' | 'error' | 'question' | 'loading';

type Show = (content: ReactNode, durationMs?: number) => void;
type Notify = (args: { title: ReactNode; description?: ReactNode; durationMs?: number }) => void;

export interface Feedback {
  message: Record<FeedbackType, Show> & { destroy: () => void };
  notify: Record<Exclude<FeedbackType, 'loading'>, Notify> & { destroy: () => void };
}

const questionIcon = <QuestionCircleFilled style={{ color: 'var(--ant-color-info)' }} />;

/**
 * `message.question` is an info toast with a question mark: antd has no
 * question type. Durations are in ms like the spec; a loading toast stays
 * until replaced unless given one.
 */
export function useFeedback(): Feedback {
  const { message, notification } = useApp();
  return useMemo(() => {
    const toast =
      (type: Exclude<FeedbackType, 'question'>): Show =>
      (content, durationMs) =>
        void message.open({
          type,
          content,
          duration: toSeconds(durationMs ?? (type === 'loading' ? 0 : MESSAGE_DURATION_MS)),
        });
    const notice =
      (type: Exclude<FeedbackType, 'loading' | 'question'> | 'question'): Notify =>
      ({ title, description, durationMs }) => {
        const args: NotificationArgs = {
          title,
          description,
          duration: toSeconds(durationMs ?? NOTIFICATION_DURATION_MS),
        };
        if (type === 'question') notification.open({ ...args, type: 'info', icon: questionIcon });
        else notification.open({ ...args, type });
      };
    return {
      message: {
        success: toast('success'),
        warning: toast('warning'),
        info: toast('info'),
        error: toast('error'),
        loading: toast('loading'),
        question: (content, durationMs) =>
          void message.open({
            type: 'info',
            icon: questionIcon,
            content,
            duration: toSeconds(durationMs ?? MESSAGE_DURATION_MS),
          }),
        destroy: () => message.destroy(),
      },
      notify: {
        success: notice('success'),
        warning: notice('warning'),
        info: notice('info'),
        error: notice('error'),
        question: notice('question'),
        destroy: () => notification.destroy(),
      },
    };
  }, [message, notification]);
}

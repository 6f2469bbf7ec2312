/**
 * Message box and prompt box (spec sections 4, 5 and 9): a dialog 30vh from
 * the top that resolves to how it was left. Callable from anywhere: the
 * boxes queue here and <MessageBoxHost> (mounted once in app/providers.tsx)
 * draws them inside the antd context.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import {
  enqueue,
  readMessageBoxes,
  subscribeMessageBoxes,
  type MessageBoxAction,
  type MessageBoxOptions,
  type PromptBoxOptions,
  type PromptResult,
} from './message-box-queue';

export type {
  MessageBoxAction,
  MessageBoxOptions,
  PromptBoxOptions,
  PromptResult,
} from './message-box-queue';

// The dialog and antd's Modal load with the first box, not with every page.
const MessageBoxDialog = lazy(() =>
  import('./message-box-dialog').then((m) => ({ default: m.MessageBoxDialog })),
);

/** Resolves to 'confirm', 'cancel' or 'close'. */
export function messageBox(options: MessageBoxOptions): Promise<MessageBoxAction> {
  return new Promise((resolve) => enqueue(options, false, (action) => resolve(action)));
}

/** Resolves with the value on confirm; the pattern and validator block a confirm they reject. */
export function promptBox(options: PromptBoxOptions): Promise<PromptResult> {
  return new Promise((resolve) =>
    enqueue(options, true, (action, value) =>
      resolve(action === 'confirm' ? { action, value } : { action }),
    ),
  );
}

/** Draws the queued boxes; mount once, inside antd's App. */
export function MessageBoxHost() {
  const shown = useSyncExternalStore(subscribeMessageBoxes, readMessageBoxes, readMessageBoxes);
  if (shown.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {shown.map((entry) => (
        <MessageBoxDialog key={entry.id} entry={entry} />
      ))}
    </Suspense>
  );
}

/**
 * Message box and prompt box (spec sections 4, 5 and 9): a dialog 30vh from
 * the top that resolves to how it was left. Callable from anywhere: the
 * boxes queue here and <MessageBoxHost> (mounted once in app/providers.tsx)
 * draws them inside the antd context.
 */
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type { PromptCheck } from './prompt-rules';
import type { DialogSize } from './widget-defaults';

// The dialog and antd's Modal load with the first box, not with every page.
const MessageBoxDialog = lazy(() =>
  import('./message-box-dialog').then((m) => ({ default: m.MessageBoxDialog })),
);

/** confirm and cancel are the buttons; close is the cross, Escape or the backdrop. */
export type MessageBoxAction = 'confirm' | 'cancel' | 'close';

export interface MessageBoxOptions {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** Default true; an alert has only the confirm button. */
  showCancel?: boolean;
  size?: DialogSize;
  /** Root of the test ids: `${testId}`, `${testId}-confirm`, `${testId}-cancel`, `${testId}-input`. */
  testId?: string;
}

export interface PromptBoxOptions extends MessageBoxOptions, PromptCheck {
  defaultValue?: string;
  placeholder?: string;
}

export type PromptResult =
  { action: 'confirm'; value: string } | { action: 'cancel' | 'close'; value?: undefined };

export interface MessageBoxEntry {
  id: number;
  options: PromptBoxOptions;
  prompt: boolean;
  open: boolean;
  settle: (action: MessageBoxAction, value: string) => void;
}

let entries: readonly MessageBoxEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: readonly MessageBoxEntry[]): void {
  entries = next;
  listeners.forEach((l) => l());
}

function enqueue(
  options: PromptBoxOptions,
  prompt: boolean,
  onSettle: (action: MessageBoxAction, value: string) => void,
): void {
  const id = nextId++;
  let settled = false;
  const entry: MessageBoxEntry = {
    id,
    options,
    prompt,
    open: true,
    settle: (action, value) => {
      // A box answers once, whatever is clicked while it animates out.
      if (settled) return;
      settled = true;
      // Closed first so the dialog animates out; removed once it has (afterClose).
      update(entries.map((e) => (e.id === id ? { ...e, open: false } : e)));
      onSettle(action, value);
    },
  };
  update([...entries, entry]);
}

export const removeMessageBox = (id: number) => update(entries.filter((e) => e.id !== id));

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
  const shown = useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => entries,
    () => entries,
  );
  if (shown.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {shown.map((entry) => (
        <MessageBoxDialog key={entry.id} entry={entry} />
      ))}
    </Suspense>
  );
}

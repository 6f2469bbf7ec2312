/**
 * Message box and prompt box (spec sections 4, 5 and 9): a dialog 30vh from
 * the top that resolves to how it was left. Callable from anywhere: the
 * boxes queue here and <MessageBoxHost> (mounted once in app/providers.tsx)
 * draws them inside the antd context.
 */
import { Button, Input } from 'antd';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './app-dialog';
import { promptError, type PromptCheck } from './prompt-rules';
import type { DialogSize } from './widget-defaults';

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

interface Entry {
  id: number;
  options: PromptBoxOptions;
  prompt: boolean;
  open: boolean;
  settle: (action: MessageBoxAction, value: string) => void;
}

let entries: readonly Entry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: readonly Entry[]): void {
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
  const entry: Entry = {
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

const remove = (id: number) => update(entries.filter((e) => e.id !== id));

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

function MessageBoxDialog({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { options, prompt } = entry;
  const testId = options.testId ?? 'message-box';
  const [value, setValue] = useState(options.defaultValue ?? '');
  const [error, setError] = useState<string | null>(null);
  const check = (v: string) =>
    prompt ? promptError(v, options, t('widgets.promptInvalid')) : null;

  const confirm = () => {
    const problem = check(value);
    setError(problem);
    if (problem === null) entry.settle('confirm', value);
  };

  return (
    <DialogFrame
      kind="message-box"
      size={options.size ?? 'small'}
      testId={testId}
      open={entry.open}
      title={options.title}
      onCancel={() => entry.settle('close', value)}
      afterClose={() => remove(entry.id)}
      footer={
        <>
          {options.showCancel !== false && (
            <Button data-testid={`${testId}-cancel`} onClick={() => entry.settle('cancel', value)}>
              {options.cancelText ?? t('common.cancel')}
            </Button>
          )}
          <Button type="primary" data-testid={`${testId}-confirm`} onClick={confirm}>
            {options.confirmText ?? t('common.confirm')}
          </Button>
        </>
      }
    >
      {options.content}
      {prompt && (
        <div className="message-box-prompt">
          <Input
            data-testid={`${testId}-input`}
            autoFocus
            value={value}
            placeholder={options.placeholder}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              // Once an error shows, it follows the typing so the user sees when it is fixed.
              if (error !== null) setError(check(e.target.value));
            }}
            onPressEnter={confirm}
          />
          {error && (
            <div
              role="alert"
              className="message-box-error"
              style={{ color: 'var(--ant-color-error)', marginBlockStart: 4 }}
            >
              {error}
            </div>
          )}
        </div>
      )}
    </DialogFrame>
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
  return (
    <>
      {shown.map((entry) => (
        <MessageBoxDialog key={entry.id} entry={entry} />
      ))}
    </>
  );
}

/**
 * The queue of open message and prompt boxes: what `messageBox()` and
 * `promptBox()` add, what the host draws, and what a box removes once it has
 * animated out. Its own module so the lazily loaded dialog and the public
 * functions both read it without importing each other.
 */
import type { ReactNode } from 'react';
import type { PromptCheck } from './prompt-rules';
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

export function enqueue(
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

/** Calls notify whenever a box is added, closed or removed; returns how to stop. */
export function subscribeMessageBoxes(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

export const readMessageBoxes = (): readonly MessageBoxEntry[] => entries;

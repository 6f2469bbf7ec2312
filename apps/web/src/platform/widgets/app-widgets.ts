/**
 * antd's message, notification and modal APIs for every screen, without
 * their machinery in the first load: `useApp()` hands out stand-ins that
 * forward to the APIs of the widgets host (`app-widgets-host.tsx`, loaded
 * at the first interaction with the page, or at the first call before
 * that), keeping the calls made before it is mounted until it is.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

export interface AppWidgets {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalApi;
}

type Call = (widgets: AppWidgets) => void;
type AnyMethod = (...args: unknown[]) => unknown;

let live: AppWidgets | null = null;
let waiting: Call[] = [];
let hostWanted = false;
const listeners = new Set<() => void>();

/** Asks for the host to be loaded and mounted (once). */
export function wantAppWidgetsHost(): void {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of listeners) listener();
}

export function isAppWidgetsHostWanted(): boolean {
  return hostWanted;
}

export function subscribeAppWidgetsHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host's APIs once it is mounted (the waiting calls run then), null once it is gone. */
export function attachAppWidgets(widgets: AppWidgets | null): void {
  live = widgets;
  if (!widgets) return;
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(widgets);
}

/**
 * One API's stand-in: a method call goes to the live API, or waits for it.
 * A waiting call answers a function that withdraws it, or closes what it
 * opened once it has run (antd's message calls answer such a closer too).
 */
function standIn<K extends keyof AppWidgets>(kind: K): AppWidgets[K] {
  const method =
    (name: PropertyKey): AnyMethod =>
    (...args) => {
      const run = (widgets: AppWidgets) =>
        (widgets[kind] as unknown as Record<PropertyKey, AnyMethod>)[name]?.(...args);
      if (live) return run(live);
      let opened: unknown;
      const call: Call = (widgets) => {
        opened = run(widgets);
      };
      waiting.push(call);
      wantAppWidgetsHost();
      return () => {
        waiting = waiting.filter((c) => c !== call);
        if (typeof opened === 'function') (opened as () => void)();
      };
    };
  return new Proxy({}, { get: (_target, name) => method(name) }) as AppWidgets[K];
}

const widgets: AppWidgets = {
  message: standIn('message'),
  notification: standIn('notification'),
  modal: standIn('modal'),
};

/** antd's `App.useApp()` for this app: toasts, notifications and confirm dialogs. */
export function useApp(): AppWidgets {
  return widgets;
}

/**
 * The realtime facade: the one public entry of platform/realtime. Screens
 * listen to channels with useChannel, follow the link with useLiveStatus
 * (or the bare useRealtimeStatus), and read order books with useDepthBook;
 * nothing outside this folder touches the socket.
 */
import { languageOf } from '@quay/core';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { currentSettings, useSettings } from '../settings/settings-store';
import { channelInMode } from '../simulation/simulation-mode';
import { RealtimeConnection, type RealtimeStatus } from './connection';
import { EMPTY_BOOK, type DepthBook } from './depth-book';
import { DepthBooks } from './depth-books';

export type { RealtimeStatus } from './connection';
export type { DepthBook } from './depth-book';

function socketUrl(): string {
  const { protocol, host } = window.location;
  const languageType = languageOf(currentSettings().language).languageType;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/v1/ws?languageType=${languageType}`;
}

let shared: RealtimeConnection | null = null;

function connection(): RealtimeConnection {
  if (shared) return shared;
  const created = new RealtimeConnection({
    url: socketUrl,
    createSocket: (url) => new WebSocket(url),
    loggedIn: () => currentSettings().loginFlag,
  });
  shared = created;
  // The socket's session is the one its upgrade carried: after login or logout, open a new one.
  useSettings.subscribe((state, previous) => {
    if (state.loginFlag !== previous.loginFlag) created.reconnect();
  });
  return created;
}

/**
 * Calls onPush with every push of a channel while the component is mounted;
 * null listens to nothing (a private channel while logged out). The latest
 * onPush is used, so it need not be memoised.
 */
export function useChannel<T>(name: string | null, onPush: (data: T) => void): void {
  const latest = useRef(onPush);
  useEffect(() => {
    latest.current = onPush;
  });
  useEffect(() => {
    if (!name) return;
    // In simulation mode the private channels and the ticker list are the demo ones.
    return connection().listen(channelInMode(name), (data) => latest.current(data as T));
  }, [name]);
}

/** 'open' when pushes flow; 'connecting' / 'reconnecting' while they cannot; 'idle' with no channel in use. */
const subscribeStatus = (notify: () => void) => connection().onStatus(notify);
const readStatus = () => connection().status;
const serverStatus = () => 'idle' as const;

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, readStatus, serverStatus);
}

/** Polling while the socket is down, so pushed figures never freeze for long. */
export const FALLBACK_POLL_MS = 5_000;

export interface LiveStatus {
  status: RealtimeStatus;
  /** Pushes flow: the caches they feed are current. */
  live: boolean;
  /** The link dropped and is being taken again: a panel may say so. */
  reconnecting: boolean;
  /** How often a pushed list is polled meanwhile: never while live, every 5 s otherwise. */
  fallbackPoll: number | false;
}

/**
 * The link as the screens use it: whether pushes flow, whether to say it is
 * reconnecting, how often to poll meanwhile; and `onReconnect` once the link
 * is open again after a drop, since pushes sent meanwhile are lost and the
 * REST snapshots must be asked again. The latest onReconnect is used.
 */
export function useLiveStatus(onReconnect?: () => void): LiveStatus {
  const status = useRealtimeStatus();
  const latest = useRef(onReconnect);
  const wasDown = useRef(false);
  useEffect(() => {
    latest.current = onReconnect;
  });
  useEffect(() => {
    if (status === 'reconnecting') wasDown.current = true;
    if (status !== 'open' || !wasDown.current) return;
    wasDown.current = false;
    latest.current?.();
  }, [status]);
  const live = status === 'open';
  return {
    status,
    live,
    reconnecting: status === 'reconnecting',
    fallbackPoll: live ? false : FALLBACK_POLL_MS,
  };
}

const books = new DepthBooks(connection);

/** The live order book of a market (best first), kept in sequence; empty and unsynced until the first snapshot. */
export function useDepthBook(symbol: string | null): DepthBook {
  // A stable subscribe: a new one on every render would drop and retake the channel each push.
  const subscribe = useCallback(
    (notify: () => void) => (symbol ? books.watch(symbol, notify) : () => undefined),
    [symbol],
  );
  const read = useCallback(() => (symbol ? books.read(symbol) : EMPTY_BOOK), [symbol]);
  return useSyncExternalStore(subscribe, read, readEmptyBook);
}

const readEmptyBook = () => EMPTY_BOOK;

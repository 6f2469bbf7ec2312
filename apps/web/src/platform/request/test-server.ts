/**
 * Plays the server for the request layer's tests, at the browser's `fetch`:
 * records each call as it would go on the wire and answers as told.
 */
import { vi } from 'vitest';

export interface Answer {
  status?: number;
  /** An object is answered as JSON, a string as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** 'network': no answer at all; 'hang': no answer until the call is aborted. */
  fail?: 'network' | 'hang';
}

export interface Sent {
  /** As sent, query included. */
  url: string;
  path: string;
  query: Record<string, string>;
  method: string;
  /** Lower-case names, as on the wire. */
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** Replaces `fetch` until the test file ends; `answer` is read at each call. */
export function playServer(seen: Sent[], answer: () => Answer): void {
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://quay.test');
    seen.push({
      url: input,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers)),
      body: init.body ?? undefined,
      credentials: init.credentials,
    });
    const { status = 200, body, headers, fail } = answer();
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    if (init.signal?.aborted) throw aborted();
    if (fail === 'network') throw new TypeError('Failed to fetch');
    if (fail === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(aborted()));
      });
    }
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers });
  });
}

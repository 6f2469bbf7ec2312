/** A WebSocket for component tests whose sockets are not under test: it never opens. */
export class SilentSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send() {}
  close() {}
}

/** The browser's passkey ceremony was dismissed or refused: not an error of the server. */
export function isCeremonyAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'NotAllowedError' || err.name === 'AbortError');
}

/**
 * The beta environment (spec section 3, "a beta marker in the beta
 * environment"). The server says whether this deployment is the beta one
 * (its BETA setting, published in the platform configuration); from then on
 * every call carries BETA_HEADER and the header shows a small badge. The
 * calls made before the configuration arrives (the configuration itself,
 * the signing configuration, the page's first data calls) go without it.
 */
import { BETA_HEADER, BETA_HEADER_VALUE } from '@quay/core';
import { useSyncExternalStore } from 'react';
import { addHeaderProvider } from '../request/client';

let beta = false;
let removeHeader: (() => void) | null = null;
const listeners = new Set<() => void>();

export function isBetaEnvironment(): boolean {
  return beta;
}

/** Applies the platform configuration's `beta`; safe to call again. */
export function setBetaEnvironment(on: boolean): void {
  if (on === beta) return;
  beta = on;
  removeHeader?.();
  removeHeader = on ? addHeaderProvider(() => ({ [BETA_HEADER]: BETA_HEADER_VALUE })) : null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBetaEnvironment(): boolean {
  return useSyncExternalStore(subscribe, isBetaEnvironment, isBetaEnvironment);
}

/**
 * The gateway security layer (device identity, device token, request
 * signing: `gateway-layer.ts` with FingerprintJS and the crypto helpers) in
 * its own chunk, off the first load. Its setup (the fingerprint, the device
 * token, the signing key) starts where guarded calls are to come: at boot for
 * a signed-in user (`app/platform-boot.tsx`), when a visitor opens a form that
 * logs in or registers (`useGatewaySecurity`), and at the latest with the
 * first guarded call, which waits for it. A visitor who only reads market
 * pages is not fingerprinted. Other calls before it is here go without its
 * headers, as they would before its setup is ready.
 */
import { useEffect } from 'react';
import type * as GatewayLayerModule from './gateway-layer';

type GatewayLayer = typeof GatewayLayerModule;

let loaded: GatewayLayer | null = null;
let loading: Promise<GatewayLayer> | null = null;

/** The layer, loaded once. */
export function loadGatewayLayer(): Promise<GatewayLayer> {
  loading ??= import('./gateway-layer').then((layer) => (loaded = layer));
  return loading;
}

/** The layer if it is here already, else null (nothing is loaded). */
export function gatewayLayerIfLoaded(): GatewayLayer | null {
  return loaded;
}

/**
 * Loads the layer and starts its setup (which runs once per page): the
 * fingerprint, the device token and the signing key.
 */
function ensureGatewaySecurity(): void {
  void loadGatewayLayer().then((layer) => layer.startGatewaySecurity());
}

/**
 * Starts the layer's setup while `active`: on a screen whose forms make
 * guarded calls, so the device token and the key are ready by the time the
 * visitor submits.
 */
export function useGatewaySecurity(active = true): void {
  useEffect(() => {
    if (active) ensureGatewaySecurity();
  }, [active]);
}

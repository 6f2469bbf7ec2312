/**
 * The gateway security layer (device identity, device token, request
 * signing: `gateway-layer.ts` with FingerprintJS and the crypto helpers) in
 * its own chunk, off the first load. The app starts loading it at boot
 * (`app/platform-boot.tsx`); a call that must carry its headers waits for it,
 * other calls before it is here go without them, as they would before its
 * setup is ready.
 */
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

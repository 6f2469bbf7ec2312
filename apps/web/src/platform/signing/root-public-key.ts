/**
 * The gateway root public key built into the app (DESIGN.md section 10,
 * "Gateway keys"): the build reads it from ROOT_PUBLIC_KEY_FILE or the
 * checkout's .keys/root-public.pem. Empty when the build had none, and then
 * no server key verifies, so nothing is signed or encrypted.
 */
declare const __QUAY_ROOT_PUBLIC_KEY__: string | undefined;

export const ROOT_PUBLIC_KEY: string =
  typeof __QUAY_ROOT_PUBLIC_KEY__ === 'string' ? __QUAY_ROOT_PUBLIC_KEY__ : '';

/**
 * Paths that carry the device token header: spec section 7's list as this
 * product has it, one list for the server's check and the web client's
 * header. Exact paths, and prefixes for the verify-login families. A module
 * of its own: the web client's request layer asks about every call, and the
 * signing code beside it in the gateway protocol need not load with it.
 */
export const DEVICE_TOKEN_EXACT_PATHS: readonly string[] = [
  '/v1/user/login',
  '/v1/user/register/email',
  '/v1/user/register/mobile',
  '/v1/msg/verify-code/send',
  '/v1/asset/withdraw',
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
  '/v1/web3/swap/get-sign',
  '/v1/web3/swap/withdraw',
  '/v1/red-packet/create',
  '/v1/p2p/adv/publish',
  '/v1/p2p/adv/edit',
  '/v1/p2p/order/confirm-put-coin',
  '/v1/p2p/payment-method/add',
  '/v1/user/fido2/start-register',
  '/v1/user/public/getQrKeyStatus',
  // Ours: a QR login key is bound to the device that asked for it, so its
  // request names the device as the status query does.
  '/v1/user/public/qrcode/create',
  '/v1/user/agency/login',
  '/v1/user/register/mobileAndEmail',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
  '/v1/user/login/pre-check',
  '/v1/user/set-no-pwd-flag',
  '/v1/asset/batch-withdraw/query',
  // Third-party register (apple, google, telegram, wallet), bind choose, and
  // the third-party sign, check, oauth and verify paths.
  '/v1/user/third/register/apple',
  '/v1/user/third/register/google',
  '/v1/user/third/register/tg',
  '/v1/user/third/register/wallet',
  '/v1/user/bind/choose',
  '/v1/user/oauth/sign',
  '/v1/user/tg/sign',
  '/v1/user/tg/signV2',
  '/v1/user/wallet/sign',
  '/v1/user/third/check',
  '/v1/user/third/bind/check',
  '/v1/user/tg/checkUserExit',
  '/v1/user/wallet/check',
  '/v1/user/third/securityVerify',
  // Ours: an OpenID Connect sign-in is bound to the device that began it, and
  // a Telegram account without contact details opens as a registration does.
  '/v1/user/public/oauth/authorize',
  '/v1/user/tg/generateVirtual',
];
export const DEVICE_TOKEN_PREFIX_PATHS: readonly string[] = [
  '/v1/user/login/verify-login',
  '/v1/user/agency/verify-login',
];

export function needsDeviceToken(path: string): boolean {
  return (
    DEVICE_TOKEN_EXACT_PATHS.includes(path) ||
    DEVICE_TOKEN_PREFIX_PATHS.some((prefix) => path.startsWith(prefix))
  );
}

/**
 * The wire protocol shared by the web app and the server (DESIGN.md section 4).
 * Every /v1 answer is an Envelope; `code` is a string.
 */
export const API_PREFIX = '/v1';

export type EnvelopeStatus = 'ok' | 'error';

export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T | null;
  status: EnvelopeStatus;
}

/**
 * The one error registry: wire code, HTTP status and message key. Messages
 * live in ./messages per catalogue, keyed by the registry name.
 */
export const ERRORS = {
  SUCCESS: { code: '0', http: 200 },
  ERROR: { code: '1', http: 500 },
  UNAUTHORISED: { code: '401', http: 401 },
  LOGIN_REQUIRED: { code: '00004', http: 200 },
  ACCOUNT_DISABLED: { code: '00005', http: 200 },
  SESSION_REVOKED: { code: '00006', http: 200 },
  SIGN_MISSING: { code: '00020', http: 200 },
  SIGN_MODE_MISMATCH: { code: '00021', http: 200 },
  SIGN_EXPIRED: { code: '00022', http: 200 },
  SIGN_INVALID: { code: '00023', http: 200 },
  TOKEN_INVALID: { code: '20205', http: 200 },
  SESSION_EXPIRED: { code: '20906', http: 200 },
  // Ours: 10xxx request-level, 11xxx accounts.
  INVALID_PARAMETER: { code: '10001', http: 400 },
  FIELD_MISSING: { code: '10002', http: 400 },
  FIELD_TYPE: { code: '10003', http: 400 },
  FIELD_TOO_LONG: { code: '10004', http: 400 },
  FIELD_TOO_SHORT: { code: '10005', http: 400 },
  FIELD_FORMAT: { code: '10006', http: 400 },
  FIELD_UNKNOWN: { code: '10007', http: 400 },
  BODY_MALFORMED: { code: '10008', http: 400 },
  TOO_MANY_REQUESTS: { code: '10009', http: 429 },
  ROUTE_NOT_FOUND: { code: '10010', http: 404 },
  PAYLOAD_TOO_LARGE: { code: '10011', http: 413 },
  UNSUPPORTED_MEDIA_TYPE: { code: '10012', http: 415 },
  EMAIL_TAKEN: { code: '11001', http: 200 },
  MOBILE_TAKEN: { code: '11002', http: 200 },
  VERIFY_CODE_INVALID: { code: '11003', http: 200 },
  PASSWORD_MISMATCH: { code: '11004', http: 200 },
  PASSWORD_WEAK: { code: '11005', http: 200 },
  LOGIN_FAILED: { code: '11006', http: 200 },
  VERIFY_CODE_TOO_FREQUENT: { code: '11007', http: 200 },
  REFERRAL_CODE_UNKNOWN: { code: '11008', http: 200 },
  ACCOUNT_LOCKED: { code: '11009', http: 200 },
  EMAIL_INVALID: { code: '11010', http: 200 },
  MOBILE_INVALID: { code: '11011', http: 200 },
  AREA_CODE_INVALID: { code: '11012', http: 200 },
  // Second factor (login verification and /modifyverification).
  LOGIN_TICKET_INVALID: { code: '11013', http: 200 },
  GOOGLE_CODE_INVALID: { code: '11014', http: 200 },
  FACTOR_CODE_MISSING: { code: '11015', http: 200 },
  FACTOR_UNAVAILABLE: { code: '11016', http: 200 },
  GOOGLE_SETUP_MISSING: { code: '11017', http: 200 },
  FACTOR_NOT_ENABLED: { code: '11018', http: 200 },
  FACTOR_ALREADY_ENABLED: { code: '11019', http: 200 },
  // Account security (/account/setting): password, sessions, anti-phishing, freezing.
  PASSWORD_OLD_WRONG: { code: '11501', http: 200 },
  PASSWORD_UNCHANGED: { code: '11502', http: 200 },
  ACCOUNT_SESSION_NOT_FOUND: { code: '11503', http: 200 },
  ACCOUNT_SESSION_CURRENT: { code: '11504', http: 200 },
  WITHDRAW_HELD: { code: '11505', http: 200 },
  ACCOUNT_FROZEN: { code: '11506', http: 200 },
  // 116xx sub-accounts: creating, freezing, transfers, switching.
  SUB_ACCOUNT_NOT_FOUND: { code: '11601', http: 200 },
  SUB_ACCOUNT_LIMIT: { code: '11602', http: 200 },
  SUB_ACCOUNT_NAME_TAKEN: { code: '11603', http: 200 },
  SUB_ACCOUNT_NOT_ALLOWED: { code: '11604', http: 200 },
  SUB_ACCOUNT_FROZEN: { code: '11605', http: 200 },
  SUB_TRANSFER_SAME_ACCOUNT: { code: '11606', http: 200 },
  SUB_NOT_SWITCHED: { code: '11607', http: 200 },
  // 117xx passkeys (WebAuthn) and QR login.
  PASSKEY_CHALLENGE_INVALID: { code: '11701', http: 200 },
  PASSKEY_VERIFY_FAILED: { code: '11702', http: 200 },
  PASSKEY_NOT_FOUND: { code: '11703', http: 200 },
  PASSKEY_COUNTER_INVALID: { code: '11704', http: 200 },
  PASSKEY_LIMIT: { code: '11705', http: 200 },
  QR_KEY_INVALID: { code: '11711', http: 200 },
  QR_KEY_EXPIRED: { code: '11712', http: 200 },
  QR_KEY_OTHER_USER: { code: '11713', http: 200 },
  // 1176x agency login, new-device login confirmation, password-free accounts.
  AGENCY_NOT_GRANTED: { code: '11760', http: 200 },
  SYSTEM_LOGIN_TICKET_INVALID: { code: '11761', http: 200 },
  PASSWORD_LOGIN_OFF: { code: '11762', http: 200 },
  NO_PWD_NEEDS_PASSKEY: { code: '11763', http: 200 },
  // 1172x-1173x third-party and wallet sign-in.
  THIRD_PARTY_PROVIDER_UNKNOWN: { code: '11720', http: 200 },
  OIDC_STATE_INVALID: { code: '11721', http: 200 },
  OIDC_VERIFY_FAILED: { code: '11722', http: 200 },
  THIRD_PARTY_SERIAL_INVALID: { code: '11723', http: 200 },
  THIRD_PARTY_ALREADY_LINKED: { code: '11724', http: 200 },
  THIRD_PARTY_EMAIL_UNVERIFIED: { code: '11725', http: 200 },
  TELEGRAM_HASH_INVALID: { code: '11726', http: 200 },
  TELEGRAM_AUTH_EXPIRED: { code: '11727', http: 200 },
  WALLET_NONCE_INVALID: { code: '11728', http: 200 },
  WALLET_MESSAGE_INVALID: { code: '11729', http: 200 },
  WALLET_MESSAGE_EXPIRED: { code: '11730', http: 200 },
  WALLET_SIGNATURE_INVALID: { code: '11731', http: 200 },
  IDENTITY_NOT_FOUND: { code: '11732', http: 200 },
  IDENTITY_LAST_WAY_IN: { code: '11733', http: 200 },
  TIME_RANGE_INVALID: { code: '10013', http: 400 },
  ANNOUNCEMENT_NOT_FOUND: { code: '12001', http: 200 },
  HELP_ARTICLE_NOT_FOUND: { code: '12002', http: 200 },
  // 13xxx spot trading and assets.
  MARKET_UNKNOWN: { code: '13001', http: 200 },
  PRICE_INVALID: { code: '13002', http: 200 },
  QUANTITY_INVALID: { code: '13003', http: 200 },
  NOTIONAL_TOO_SMALL: { code: '13004', http: 200 },
  INSUFFICIENT_BALANCE: { code: '13005', http: 200 },
  ORDER_NOT_FOUND: { code: '13006', http: 200 },
  POST_ONLY_WOULD_TAKE: { code: '13007', http: 200 },
  FOK_NOT_FILLABLE: { code: '13008', http: 200 },
  NO_LIQUIDITY: { code: '13009', http: 200 },
  ORDER_TYPE_INVALID: { code: '13010', http: 200 },
  CLIENT_ORDER_ID_TAKEN: { code: '13011', http: 200 },
  COIN_UNKNOWN: { code: '13012', http: 200 },
  AMOUNT_INVALID: { code: '13013', http: 200 },
  ADDRESS_INVALID: { code: '13014', http: 200 },
  WITHDRAW_TOO_SMALL: { code: '13015', http: 200 },
  WITHDRAWAL_NOT_FOUND: { code: '13016', http: 200 },
  SERVICE_BUSY: { code: '13017', http: 503 },
  // 13030-13049 spot trigger orders and TP/SL.
  SPOT_PLAN_NOT_FOUND: { code: '13030', http: 200 },
  SPOT_TRIGGER_PRICE_INVALID: { code: '13031', http: 200 },
  SPOT_TPSL_PRICE_INVALID: { code: '13032', http: 200 },
  SPOT_PLANS_TOO_MANY: { code: '13033', http: 200 },
  /** A TP/SL cancelled by the exchange: its order ended without a fill. */
  SPOT_TPSL_ORDER_UNFILLED: { code: '13034', http: 200 },
  /** A TP/SL cancelled by the exchange: the other half of its pair fired. */
  SPOT_TPSL_OTHER_FIRED: { code: '13035', http: 200 },
  // 14xxx gateway security: device token, login encryption, client keys.
  DEVICE_TOKEN_INVALID: { code: '14001', http: 200 },
  BODY_NOT_ENCRYPTED: { code: '14002', http: 200 },
  BODY_CIPHERTEXT_INVALID: { code: '14003', http: 200 },
  CLIENT_KEY_INVALID: { code: '14004', http: 200 },
  /** A state-changing call or socket upgrade from another site (Origin / Sec-Fetch-Site). */
  CROSS_SITE_REFUSED: { code: '14005', http: 403 },
  // 15xxx API keys: 150xx managing them, 1502x-1503x refusals of a signed key request.
  API_KEY_NOT_FOUND: { code: '15001', http: 200 },
  API_KEY_LIMIT: { code: '15002', http: 200 },
  API_KEY_NEEDS_SECOND_FACTOR: { code: '15003', http: 200 },
  API_KEY_IP_INVALID: { code: '15004', http: 200 },
  API_KEY_SCOPES_INVALID: { code: '15005', http: 200 },
  API_KEY_PASSPHRASE_WEAK: { code: '15006', http: 200 },
  API_KEY_MISSING: { code: '15020', http: 401 },
  API_SIGN_MISSING: { code: '15021', http: 401 },
  API_TIMESTAMP_INVALID: { code: '15022', http: 401 },
  API_KEY_INVALID: { code: '15023', http: 401 },
  API_TIMESTAMP_EXPIRED: { code: '15024', http: 401 },
  API_SIGN_INVALID: { code: '15025', http: 401 },
  API_SIGN_REPLAYED: { code: '15026', http: 401 },
  API_PASSPHRASE_MISSING: { code: '15027', http: 401 },
  API_PASSPHRASE_INVALID: { code: '15028', http: 401 },
  API_KEY_DISABLED: { code: '15029', http: 401 },
  API_SCOPE_DENIED: { code: '15030', http: 403 },
  API_IP_DENIED: { code: '15031', http: 403 },
  API_KEY_UNKNOWN: { code: '15032', http: 401 },
  // 16xxx simulation (demo trading).
  DEMO_NO_TRANSFER: { code: '16001', http: 200 },
  // 17xxx perpetual futures.
  LEVERAGE_INVALID: { code: '17001', http: 200 },
  REDUCE_ONLY_WOULD_OPEN: { code: '17002', http: 200 },
  TPSL_PRICE_INVALID: { code: '17003', http: 200 },
  MARGIN_REDUCE_TOO_MUCH: { code: '17004', http: 200 },
  POSITION_NOT_FOUND: { code: '17005', http: 200 },
  POSITION_MODE_LOCKED: { code: '17006', http: 200 },
  MARGIN_MODE_LOCKED: { code: '17007', http: 200 },
  TRANSFER_TOO_LARGE: { code: '17008', http: 200 },
  PLAN_NOT_FOUND: { code: '17009', http: 200 },
  POSITION_SIDE_INVALID: { code: '17010', http: 200 },
  RISK_LIMIT_EXCEEDED: { code: '17011', http: 200 },
  MARGIN_INSUFFICIENT: { code: '17012', http: 200 },
  TRIGGER_PRICE_INVALID: { code: '17013', http: 200 },
  CALLBACK_RATE_INVALID: { code: '17014', http: 200 },
  ACTIVATION_PRICE_INVALID: { code: '17015', http: 200 },
  // 18xxx margin trading.
  MARGIN_ACCOUNT_INVALID: { code: '18001', http: 200 },
  MARGIN_COIN_INVALID: { code: '18002', http: 200 },
  MARGIN_BORROW_TOO_LARGE: { code: '18003', http: 200 },
  MARGIN_REPAY_TOO_LARGE: { code: '18004', http: 200 },
  MARGIN_TRANSFER_RISK: { code: '18005', http: 200 },
  MARGIN_TRANSFER_INVALID: { code: '18006', http: 200 },
  MARGIN_NOTHING_OWED: { code: '18007', http: 200 },
  MARGIN_DEMO_UNAVAILABLE: { code: '18008', http: 200 },
  // 210xx web3 swap.
  SWAP_PAIR_UNKNOWN: { code: '21001', http: 200 },
  SWAP_AMOUNT_INVALID: { code: '21002', http: 200 },
  SWAP_SLIPPAGE_INVALID: { code: '21003', http: 200 },
  SWAP_INTENT_NOT_FOUND: { code: '21004', http: 200 },
  SWAP_INTENT_EXPIRED: { code: '21005', http: 200 },
  SWAP_INTENT_USED: { code: '21006', http: 200 },
  SWAP_BELOW_MINIMUM: { code: '21007', http: 200 },
  SWAP_POOL_TOO_SMALL: { code: '21008', http: 200 },
  SWAP_NEEDS_SECOND_FACTOR: { code: '21009', http: 200 },
  SWAP_DEMO_UNAVAILABLE: { code: '21010', http: 200 },
  // 211xx red packets.
  RED_PACKET_NOT_FOUND: { code: '21101', http: 200 },
  RED_PACKET_AMOUNT_INVALID: { code: '21102', http: 200 },
  RED_PACKET_COUNT_INVALID: { code: '21103', http: 200 },
  RED_PACKET_SPLIT_UNEVEN: { code: '21104', http: 200 },
  RED_PACKET_PASSWORD_WRONG: { code: '21105', http: 200 },
  RED_PACKET_EXPIRED: { code: '21106', http: 200 },
  RED_PACKET_EMPTY: { code: '21107', http: 200 },
  RED_PACKET_CLAIMED: { code: '21108', http: 200 },
  RED_PACKET_OWN: { code: '21109', http: 200 },
  RED_PACKET_NEEDS_SECOND_FACTOR: { code: '21110', http: 200 },
  RED_PACKET_DEMO_UNAVAILABLE: { code: '21111', http: 200 },
  // 22000-22099 copy trading.
  COPY_LEAD_CONDITIONS: { code: '22001', http: 200 },
  COPY_SHARE_RATE_INVALID: { code: '22002', http: 200 },
  COPY_SYMBOLS_INVALID: { code: '22003', http: 200 },
  COPY_ALREADY_LEAD: { code: '22004', http: 200 },
  COPY_LEAD_NOT_FOUND: { code: '22005', http: 200 },
  COPY_FOLLOW_SELF: { code: '22006', http: 200 },
  COPY_LEAD_FULL: { code: '22007', http: 200 },
  COPY_ALREADY_FOLLOWING: { code: '22008', http: 200 },
  COPY_SIZE_INVALID: { code: '22009', http: 200 },
  COPY_INVESTMENT_INVALID: { code: '22010', http: 200 },
  COPY_FOLLOW_NOT_FOUND: { code: '22011', http: 200 },
  COPY_LEAD_CANNOT_FOLLOW: { code: '22012', http: 200 },
  COPY_FOLLOWER_CANNOT_LEAD: { code: '22013', http: 200 },
  COPY_DEMO_UNAVAILABLE: { code: '22014', http: 200 },
  // 20000-20099 P2P trading.
  P2P_NEEDS_SECOND_FACTOR: { code: '20001', http: 200 },
  P2P_PAYMENT_METHOD_INVALID: { code: '20002', http: 200 },
  P2P_PAYMENT_METHOD_LIMIT: { code: '20003', http: 200 },
  P2P_AD_NOT_FOUND: { code: '20004', http: 200 },
  P2P_AD_INVALID: { code: '20005', http: 200 },
  P2P_PRICE_INVALID: { code: '20006', http: 200 },
  P2P_TERMS_INVALID: { code: '20007', http: 200 },
  P2P_AD_NOT_ONLINE: { code: '20008', http: 200 },
  P2P_AMOUNT_OUT_OF_RANGE: { code: '20009', http: 200 },
  P2P_AD_NOT_ENOUGH: { code: '20010', http: 200 },
  P2P_OWN_AD: { code: '20011', http: 200 },
  P2P_ORDER_NOT_FOUND: { code: '20012', http: 200 },
  P2P_ORDER_STATE: { code: '20013', http: 200 },
  P2P_CANCEL_LIMIT: { code: '20014', http: 200 },
  P2P_DEMO_UNAVAILABLE: { code: '20015', http: 200 },
  P2P_IMAGE_INVALID: { code: '20016', http: 200 },
  P2P_EVIDENCE_LIMIT: { code: '20017', http: 200 },
  P2P_REQUIREMENTS_UNMET: { code: '20018', http: 200 },
  P2P_AD_TOTAL_TOO_LOW: { code: '20019', http: 200 },
  P2P_CHAT_IMAGE_LIMIT: { code: '20020', http: 200 },
  // 19xxx earn (19000-19099) and proof of reserves (19100-19199).
  EARN_PRODUCT_INVALID: { code: '19001', http: 200 },
  EARN_AMOUNT_TOO_SMALL: { code: '19002', http: 200 },
  EARN_USER_CAP: { code: '19003', http: 200 },
  EARN_PRODUCT_CAP: { code: '19004', http: 200 },
  EARN_REDEEM_TOO_LARGE: { code: '19005', http: 200 },
  EARN_HOLDING_INVALID: { code: '19006', http: 200 },
  EARN_LOCKED: { code: '19007', http: 200 },
  EARN_DEMO_UNAVAILABLE: { code: '19008', http: 200 },
  RESERVES_NO_SNAPSHOT: { code: '19101', http: 200 },
  RESERVES_NOT_INCLUDED: { code: '19102', http: 200 },
  // 23xxx several processes (ROLE=gateway/engine).
  CLUSTER_NOT_REMOTE: { code: '23001', http: 503 },
} as const satisfies Record<string, { code: string; http: number }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCodeValue = (typeof ERRORS)[ErrorName]['code'];

const byCode = new Map<string, ErrorName>(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [ERRORS[name].code, name]),
);

export function errorNameOfCode(code: string): ErrorName | null {
  return byCode.get(code) ?? null;
}

export const USERINFO_PATH = '/v1/user/overview/userinfo';

/** Header the server reads the session token from (the httpOnly cookie is the other way). */
export const SESSION_HEADER = 'authorization';
export const SESSION_COOKIE = 'quay_session';

/** Verification-code purposes. */
export const VERIFY_PURPOSES = ['register', 'login', 'reset_password', 'bind'] as const;
export type VerifyPurpose = (typeof VERIFY_PURPOSES)[number];

/**
 * Password rule shared by the register form and the server: 8 to 32
 * characters with at least one lower-case letter, one upper-case letter and
 * one digit.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
export function passwordRuleFailures(pwd: string): Array<'length' | 'lower' | 'upper' | 'digit'> {
  const failures: Array<'length' | 'lower' | 'upper' | 'digit'> = [];
  if (pwd.length < PASSWORD_MIN || pwd.length > PASSWORD_MAX) failures.push('length');
  if (!/[a-z]/.test(pwd)) failures.push('lower');
  if (!/[A-Z]/.test(pwd)) failures.push('upper');
  if (!/[0-9]/.test(pwd)) failures.push('digit');
  return failures;
}

/**
 * A plain, non-negative decimal as every figure enters the exchange (price,
 * quantity, amount, trigger price, callback rate): digits, at most one point
 * with digits on both sides, no leading zero but a lone one before the point.
 * No sign, exponent, hex or binary prefix, separator, space or line break.
 * One grammar for the request schemas, the parsers and the forms.
 */
export const DECIMAL_PATTERN = '^(0|[1-9][0-9]{0,39})(?:\\.([0-9]{1,40}))?$';
const DECIMAL = new RegExp(DECIMAL_PATTERN);

/** Whether `value` is written in the one decimal grammar (see DECIMAL_PATTERN). */
export function isPlainDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/**
 * A figure as a form holds it while the user types ('01', '1.', '.5' after
 * the input cleaner) in the one grammar: leading zeros dropped, a bare point
 * completed or removed. Anything else comes back unchanged, for the server to
 * refuse.
 */
export function toPlainDecimal(typed: string): string {
  const match = /^([0-9]*)(?:\.([0-9]*))?$/.exec(typed);
  if (!match || typed === '' || typed === '.') return typed;
  const integer = (match[1] ?? '').replace(/^0+(?=[0-9])/, '') || '0';
  const fraction = match[2] ?? '';
  return fraction === '' ? integer : `${integer}.${fraction}`;
}

/**
 * Characters no address may hold: whitespace, `@` (outside its one place),
 * control characters and invisible format characters (bidi overrides and
 * isolates, zero-width joiners). A pattern for schemas and forms, compiled
 * with the `u` flag.
 */
const EMAIL_CHAR = '[^\\s@\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]';
export const EMAIL_PATTERN = `^${EMAIL_CHAR}{1,64}@${EMAIL_CHAR}{1,190}\\.${EMAIL_CHAR}{2,63}$`;
const EMAIL = new RegExp(EMAIL_PATTERN, 'u');
export const EMAIL_MAX = 254;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The one stored form of an e-mail address, or null when it is not one: the
 * local part as typed (lower case), the domain in its ASCII form (an
 * internationalised domain becomes punycode, as mail servers see it), every
 * label 1-63 letters, digits or hyphens, the whole at most 254 characters.
 */
export function normaliseEmail(raw: string): string | null {
  if (raw.length > EMAIL_MAX || !EMAIL.test(raw)) return null;
  const at = raw.lastIndexOf('@');
  const local = raw.slice(0, at).normalize('NFC').toLowerCase();
  const typed = raw.slice(at + 1);
  // Letters (any script), digits, dots and hyphens only: nothing a URL parser would cut off.
  if (/[^\p{L}\p{M}\p{N}.-]/u.test(typed)) return null;
  let domain: string;
  try {
    // The WHATWG URL parser (Node and browsers alike) applies IDNA: punycode, lower case.
    const { URL } = globalThis as unknown as { URL: new (input: string) => { hostname: string } };
    domain = new URL(`http://${typed}`).hostname;
  } catch {
    return null;
  }
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1] as string)) return null;
  const address = `${local}@${domain}`;
  return address.length > EMAIL_MAX ? null : address;
}
export const MOBILE_PATTERN = '^[0-9]{4,15}$';
export const AREA_CODE_PATTERN = '^\\+?[0-9]{1,4}$';
export const VERIFY_CODE_PATTERN = '^[0-9]{6}$';

/**
 * JSON schemas shared by routes. Every string has a maxLength; bodies reject
 * unknown fields; query strings are strings (no coercion).
 */
import {
  AREA_CODE_PATTERN,
  DECIMAL_PATTERN,
  EMAIL_MAX,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  PASSWORD_MAX,
  VERIFY_CODE_PATTERN,
  VERIFY_PURPOSES,
} from '@quay/core';

/**
 * Every figure that enters (price, quantity, amount, trigger price, callback
 * rate): a string in the one decimal grammar, so `0x10`, `1e3`, `+1`, `.5`,
 * `01` or `1\n` are refused (FIELD_FORMAT) before any service reads them.
 * Whether it is a whole number of ticks or lots is the service's call.
 */
export const decimalField = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  pattern: DECIMAL_PATTERN,
} as const;

export const commonQuery = {
  type: 'object',
  properties: {
    languageType: { type: 'string', pattern: '^[0-9]{1,3}$', maxLength: 3 },
    t: { type: 'string', pattern: '^[0-9]{1,16}$', maxLength: 16 },
  },
  additionalProperties: false,
} as const;

/** Calls that need nothing but the envelope's languageType: no body, or an empty JSON object. */
export const emptyBody = {
  type: ['object', 'null'],
  properties: {},
  additionalProperties: false,
} as const;

/** Headers a session travels in; other headers pass (browsers and proxies add their own). */
export const sessionHeaders = {
  type: 'object',
  properties: {
    authorization: { type: 'string', maxLength: 256 },
  },
} as const;

export function envelopeOf(data: object) {
  return {
    type: 'object',
    required: ['code', 'msg', 'data', 'status'],
    properties: {
      code: { type: 'string' },
      msg: { type: 'string' },
      status: { type: 'string', enum: ['ok', 'error'] },
      // Business errors answer 200 too, with data null.
      data: { ...data, nullable: true },
    },
  } as const;
}

export const errorEnvelope = envelopeOf({ type: 'null' });

export const email = {
  type: 'string',
  minLength: 6,
  maxLength: EMAIL_MAX,
  pattern: EMAIL_PATTERN,
} as const;
export const mobile = {
  type: 'string',
  minLength: 4,
  maxLength: 15,
  pattern: MOBILE_PATTERN,
} as const;
export const areaCode = {
  type: 'string',
  minLength: 1,
  maxLength: 5,
  pattern: AREA_CODE_PATTERN,
} as const;
export const password = { type: 'string', minLength: 1, maxLength: PASSWORD_MAX } as const;
export const verifyCode = {
  type: 'string',
  minLength: 6,
  maxLength: 6,
  pattern: VERIFY_CODE_PATTERN,
} as const;
// A pattern rather than enum, so that a number is reported as a wrong type first.
export const bizType = {
  type: 'string',
  maxLength: 32,
  pattern: `^(${VERIFY_PURPOSES.join('|')})$`,
} as const;
/** Referral and campaign codes carried by the registration payload (spec section 3). */
const campaignCode = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.:-]{1,64}$',
} as const;
export const referralFields = {
  registerVipNo: campaignCode,
  registerChannel: campaignCode,
  clacCode: campaignCode,
  commonCode: campaignCode,
  groupId: campaignCode,
  actCode: campaignCode,
} as const;

export const userInfoSchema = {
  type: 'object',
  required: [
    'userId',
    'loginName',
    'email',
    'mobile',
    'areaCode',
    'referralCode',
    'registerTime',
    'vipLevel',
  ],
  properties: {
    userId: { type: 'string' },
    loginName: { type: 'string' },
    email: { type: ['string', 'null'] },
    mobile: { type: ['string', 'null'] },
    areaCode: { type: ['string', 'null'] },
    referralCode: { type: 'string' },
    registerTime: { type: 'integer' },
    vipLevel: { type: 'integer' },
  },
} as const;

export const sessionSchema = {
  type: 'object',
  required: ['token', 'expiresAt', 'userInfo'],
  properties: {
    token: { type: 'string' },
    expiresAt: { type: 'integer' },
    userInfo: userInfoSchema,
  },
} as const;

/** Epoch milliseconds in a query string: at most 15 digits, so the number is exact. */
export const epochMs = { type: 'string', pattern: '^[0-9]{1,15}$', maxLength: 15 } as const;

import type { MessageName } from './names';

/**
 * Server messages (error messages and the verification mail) in English. `{field}`, `{limit}` and `{seconds}` are
 * replaced when the message is built.
 */
export const en: Record<MessageName, string> = {
  SUCCESS: 'Success',
  ERROR: 'The system is busy, please try again later',
  UNAUTHORISED: 'Please log in to continue',
  LOGIN_REQUIRED: 'Please log in first',
  ACCOUNT_DISABLED: 'This account has been disabled',
  SESSION_REVOKED: 'You have been logged out',
  SIGN_MISSING: 'The request signature is missing',
  SIGN_MODE_MISMATCH: 'The request signature mode does not match',
  SIGN_EXPIRED: 'The request signature has expired',
  SIGN_INVALID: 'The request signature is invalid',
  TOKEN_INVALID: 'Login expired, please log in again',
  SESSION_EXPIRED: 'Login expired, please log in again',
  INVALID_PARAMETER: 'The request parameters are not valid',
  FIELD_MISSING: 'The field {field} is required',
  FIELD_TYPE: 'The field {field} has the wrong type',
  FIELD_TOO_LONG: 'The field {field} is too long (at most {limit} characters)',
  FIELD_TOO_SHORT: 'The field {field} is too short (at least {limit} characters)',
  FIELD_FORMAT: 'The field {field} is not in a valid format',
  FIELD_UNKNOWN: 'The field {field} is not allowed',
  BODY_MALFORMED: 'The request body could not be read',
  TOO_MANY_REQUESTS: 'Too many requests, please try again in {seconds} seconds',
  ROUTE_NOT_FOUND: 'The requested resource does not exist',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  EMAIL_TAKEN: 'This email address is already registered',
  MOBILE_TAKEN: 'This mobile number is already registered',
  VERIFY_CODE_INVALID: 'The verification code is wrong or has expired',
  PASSWORD_MISMATCH: 'The two passwords do not match',
  PASSWORD_WEAK:
    'The password must be 8 to 32 characters and contain upper-case and lower-case letters and a digit',
  LOGIN_FAILED: 'The account or password is incorrect',
  VERIFY_CODE_TOO_FREQUENT: 'A code was sent recently, please wait {seconds} seconds',
  REFERRAL_CODE_UNKNOWN: 'This referral code does not exist',
  ACCOUNT_LOCKED: 'Too many failed attempts, please try again in {seconds} seconds',
  EMAIL_INVALID: 'Please enter a valid email address',
  MOBILE_INVALID: 'Please enter a valid mobile number',
  AREA_CODE_INVALID: 'Please enter a valid area code',
  TIME_RANGE_INVALID: 'The start time must not be after the end time',
  ANNOUNCEMENT_NOT_FOUND: 'This announcement does not exist',
  MAIL_VERIFY_SUBJECT: 'Your Quay verification code: {code}',
  MAIL_VERIFY_BODY:
    'Your verification code is {code}. It is valid for {minutes} minutes. If you did not request it, ignore this message and do not share the code with anyone.',
  SMS_VERIFY_BODY: '[Quay] Your verification code is {code}, valid for {minutes} minutes.',
};

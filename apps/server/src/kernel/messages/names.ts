import type { ErrorName } from '@quay/core';

/** Every message the server sends in the caller's language: errors and notices. */
export type MessageName =
  | ErrorName
  | 'MAIL_VERIFY_SUBJECT'
  | 'MAIL_VERIFY_BODY'
  | 'SMS_VERIFY_BODY'
  | 'MAIL_ANTI_PHISHING_LINE'
  | 'MAIL_NEW_DEVICE_SUBJECT'
  | 'MAIL_NEW_DEVICE_BODY'
  | 'MAIL_PASSWORD_CHANGED_SUBJECT'
  | 'MAIL_PASSWORD_CHANGED_BODY'
  | 'MAIL_PASSWORD_RESET_SUBJECT'
  | 'MAIL_PASSWORD_RESET_BODY'
  | 'MAIL_FROZEN_SUBJECT'
  | 'MAIL_FROZEN_BODY'
  | 'MAIL_MARGIN_CALL_SUBJECT'
  | 'MAIL_MARGIN_CALL_BODY';

import type { ErrorName } from '@quay/core';

/** Every message the server sends in the caller's language: errors and notices. */
export type MessageName =
  | ErrorName
  | 'MAIL_VERIFY_SUBJECT'
  | 'MAIL_VERIFY_BODY'
  | 'SMS_VERIFY_BODY'
  | 'MAIL_MARGIN_CALL_SUBJECT'
  | 'MAIL_MARGIN_CALL_BODY';

import { hash, randomBytes, randomInt, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** Hex SHA-256 of a string; one call, no Hash object (every authenticated request hashes its token). */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A 6-digit verification code, uniformly drawn. */
export function newVerifyCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A 10-digit public user id that does not start with 0. */
export function newPublicUserId(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

/** A session token: 32 random bytes. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** An 8-character invite code without look-alike characters. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)];
  return code;
}

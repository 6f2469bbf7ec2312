import { describe, expect, it } from 'vitest';
import { changeFactors } from './change-codes';

const none = { google: false, email: false, mobile: false };

describe('changeFactors', () => {
  it('asks for every factor on, as the server does', () => {
    expect(
      changeFactors({
        ...none,
        google: true,
        mobile: true,
        maskedEmail: 'a***@x.io',
        maskedMobile: '138****5678',
      }),
    ).toEqual(['google', 'mobile']);
  });

  it('falls back to a code to the account email, else its mobile, when no factor is on', () => {
    expect(changeFactors({ ...none, maskedEmail: 'a***@x.io', maskedMobile: null })).toEqual([
      'email',
    ]);
    expect(changeFactors({ ...none, maskedEmail: null, maskedMobile: '138****5678' })).toEqual([
      'mobile',
    ]);
  });
});

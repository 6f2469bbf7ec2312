import { describe, expect, it } from 'vitest';
import { normaliseAreaCode } from './accounts';
import { maskEmail, maskMobile } from './login-guard';

describe('masking contact details', () => {
  it('shows at most two characters of an email name, never all of it', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('***@example.com');
  });

  it('hides the middle of a mobile number however long it is', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('5551234567')).toBe('555****4567');
    expect(maskMobile('1234567')).toBe('12****567');
    expect(maskMobile('12345')).toBe('1****45');
    for (const mobile of ['1234', '12345', '1234567', '123456789', '123456789012345']) {
      const masked = maskMobile(mobile);
      const shown = masked.replace('****', '');
      expect(shown.length, mobile).toBeLessThan(mobile.length);
    }
  });

  it('reads an area code with or without its plus sign', () => {
    expect(normaliseAreaCode('+86')).toBe('86');
    expect(normaliseAreaCode('86')).toBe('86');
  });
});

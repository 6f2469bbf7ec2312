import { describe, expect, it } from 'vitest';
import { ipAllowed, normaliseIpEntry, normaliseIpList } from './ip-allow-list';
import { openSecret, sealSecret } from './api-key-secrets';
import { randomBytes } from 'node:crypto';

describe('IP allow-list', () => {
  it('keeps addresses and ranges in one stored form', () => {
    expect(normaliseIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normaliseIpEntry('10.1.2.3/16')).toBe('10.1.0.0/16');
    expect(normaliseIpEntry('2001:DB8:0:0::1')).toBe('2001:db8::1');
    expect(normaliseIpEntry('2001:db8::7/32')).toBe('2001:db8::/32');
    expect(normaliseIpEntry('::ffff:198.51.100.1')).toBe('198.51.100.1');
    for (const bad of [
      '',
      '10.0.0.256',
      '10.0.0.0/33',
      'example.com',
      '1.2.3',
      '::/129',
      '10.0.0.0/8/9',
      '010.0.0.1',
      '10.0.0.0/',
    ]) {
      expect(normaliseIpEntry(bad), bad).toBeNull();
    }
    expect(normaliseIpList(['10.0.0.1', '10.0.0.1', '10.0.0.0/8'])).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => normaliseIpList(['10.0.0.1', 'nope'])).toThrow('API_KEY_IP_INVALID');
  });

  it('lets in only callers on the list, an empty list anyone', () => {
    const list = ['198.51.100.0/24', '203.0.113.7', '2001:db8::/48'];
    expect(ipAllowed([], '192.0.2.1')).toBe(true);
    expect(ipAllowed(list, '198.51.100.255')).toBe(true);
    expect(ipAllowed(list, '::ffff:203.0.113.7')).toBe(true);
    expect(ipAllowed(list, '2001:db8:0:ffff::1')).toBe(true);
    expect(ipAllowed(list, '203.0.113.8')).toBe(false);
    expect(ipAllowed(list, '2001:db8:1::1')).toBe(false);
    expect(ipAllowed(list, null)).toBe(false);
    expect(ipAllowed(list, 'garbage')).toBe(false);
  });
});

describe('sealed secrets', () => {
  it('open only with the same key and for the same key id', () => {
    const key = randomBytes(32);
    const sealed = sealSecret(key, 'bg_1', 'the secret');
    expect(sealed).not.toContain('the secret');
    expect(openSecret(key, 'bg_1', sealed)).toBe('the secret');
    expect(openSecret(key, 'bg_2', sealed)).toBeNull();
    expect(openSecret(randomBytes(32), 'bg_1', sealed)).toBeNull();
    const [v, iv, tag, data = ''] = sealed.split('.');
    // The first character of the ciphertext, changed: its six bits are all data (a last one may be padding).
    const flipped = `${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(openSecret(key, 'bg_1', [v, iv, tag, flipped].join('.'))).toBeNull();
  });
});

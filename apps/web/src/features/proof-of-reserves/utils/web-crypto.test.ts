import { leafHash, verifyProof } from '@quay/core/earn';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './web-crypto';

describe('Web Crypto SHA-256', () => {
  it('hashes as the published form expects', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const leaf = await leafHash(sha256Hex, '1', 'n', { USDT: '5' });
    expect(
      (
        await verifyProof(sha256Hex, {
          snapshotId: 's',
          time: 0,
          root: leaf,
          uid: '1',
          nonce: 'n',
          balances: { USDT: '5' },
          leaf,
          path: [],
        })
      ).valid,
    ).toBe(true);
  });
});

/**
 * The coins the exchange holds, with the network each one moves on, its
 * withdrawal minimum and fee, and how deposit addresses look there. There is
 * no chain behind them: deposits are credited by the operator, withdrawals
 * approved by the operator, and the addresses are derived per user so each
 * user sees a stable address of the network's form.
 */
import { createHash } from 'node:crypto';
import { demoCoinOf, type CoinSetting } from '@quay/core';
import { COIN_DECIMALS } from './money';

interface CoinDefinition {
  coin: string;
  network: string;
  minWithdraw: string;
  withdrawFee: string;
  /** Addresses of this network: deposit addresses are made and withdrawal addresses checked with it. */
  address: RegExp;
  makeAddress(digest: Buffer): string;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function encode(digest: Buffer, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1)
    out += alphabet[(digest[i % digest.length] as number) % alphabet.length];
  return out;
}

const COINS: readonly CoinDefinition[] = [
  {
    coin: 'USDT',
    network: 'TRC20',
    minWithdraw: '10',
    withdrawFee: '1',
    address: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    makeAddress: (d) => `T${encode(d, BASE58, 33)}`,
  },
  {
    coin: 'BTC',
    network: 'BTC',
    minWithdraw: '0.001',
    withdrawFee: '0.0002',
    address: /^(bc1[02-9ac-hj-np-z]{39,59}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
    makeAddress: (d) => `bc1q${encode(d, BECH32, 38)}`,
  },
  {
    coin: 'ETH',
    network: 'ERC20',
    minWithdraw: '0.01',
    withdrawFee: '0.002',
    address: /^0x[0-9a-fA-F]{40}$/,
    makeAddress: (d) => `0x${d.subarray(0, 20).toString('hex')}`,
  },
  {
    coin: 'SOL',
    network: 'SOL',
    minWithdraw: '0.1',
    withdrawFee: '0.01',
    address: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    makeAddress: (d) => encode(d, BASE58, 44),
  },
  {
    coin: 'XRP',
    network: 'XRP',
    minWithdraw: '20',
    withdrawFee: '0.25',
    address: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    makeAddress: (d) => `r${encode(d, BASE58, 33)}`,
  },
];

/** A real coin's definition; demo coins have none (they never move in or out). */
export function coinDefinition(coin: string): CoinDefinition | undefined {
  return COINS.find((c) => c.coin === coin);
}

export const COIN_NAMES: readonly string[] = COINS.map((c) => c.coin);

/**
 * The demo coins: an S-prefixed twin of each real coin (SUSDT, SBTC ...),
 * held only on the demo ledger. No network, no deposit, no withdrawal.
 */
export const DEMO_COIN_NAMES: readonly string[] = COIN_NAMES.map(demoCoinOf);
export const DEMO_NETWORK = 'DEMO';

const DEMO_COINS = new Set(DEMO_COIN_NAMES);

export function isDemoCoin(coin: string): boolean {
  return DEMO_COINS.has(coin);
}

/** The coins of one side, in table order. */
export function coinNamesOf(side: 'real' | 'demo'): readonly string[] {
  return side === 'demo' ? DEMO_COIN_NAMES : COIN_NAMES;
}

/** The coin table of one side; demo coins show the demo network and no withdrawal terms. */
export function coinSettings(side: 'real' | 'demo' = 'real'): CoinSetting[] {
  if (side === 'demo') {
    return DEMO_COIN_NAMES.map((coin) => ({
      coin,
      decimals: COIN_DECIMALS,
      network: DEMO_NETWORK,
      minWithdraw: '0',
      withdrawFee: '0',
    }));
  }
  return COINS.map((c) => ({
    coin: c.coin,
    decimals: COIN_DECIMALS,
    network: c.network,
    minWithdraw: c.minWithdraw,
    withdrawFee: c.withdrawFee,
  }));
}

/** The user's deposit address for a coin: stable and of the network's form. */
export function depositAddress(userId: string, coin: CoinDefinition): string {
  const digest = createHash('sha256').update(`quay-deposit:${userId}:${coin.coin}`).digest();
  return coin.makeAddress(digest);
}

/** The ledger a call acts on: the real one, or the caller's demo ledger (simulation mode). */
export type LedgerSide = 'real' | 'demo';

/**
 * The earn products a fresh exchange starts with and what the interest fund
 * is funded with. EARN_SETTINGS (JSON) overrides them key by key; products
 * are written to the store at start when the store does not know them yet,
 * and from then on the operator changes them (`npm run quay -- earn`).
 */
import { EARN_PRODUCT_TYPES, type EarnTier } from '@quay/core/earn';
import { toMinor } from '../../kernel/money';
import { tiersOf } from './earn-math';

export interface EarnProductTerms {
  coin: string;
  type: 'flexible' | 'fixed';
  termDays: number;
  tiers: EarnTier[];
  minAmount: string;
  userCap: string;
  productCap: string;
  earlyRedeem: boolean;
  /** Whether new subscriptions are taken. */
  enabled: boolean;
}

export interface EarnSettings {
  /** Whether the interest fund is funded at start (false: left to the operator). */
  seed: boolean;
  /** What `@earn-interest` starts with per coin, once. */
  interestSeed: Record<string, string>;
  products: Record<string, EarnProductTerms>;
}

const flat = (apr: string): EarnTier[] => [{ from: '0', to: '', apr }];

export const DEFAULT_EARN_SETTINGS: EarnSettings = {
  seed: true,
  interestSeed: { USDT: '1000000', BTC: '10', ETH: '200' },
  products: {
    'usdt-flexible': {
      coin: 'USDT',
      type: 'flexible',
      termDays: 0,
      tiers: [
        { from: '0', to: '500', apr: '0.12' },
        { from: '500', to: '5000', apr: '0.008' },
        { from: '5000', to: '', apr: '0.003' },
      ],
      minAmount: '1',
      userCap: '200000',
      productCap: '50000000',
      earlyRedeem: true,
      enabled: true,
    },
    'btc-flexible': {
      coin: 'BTC',
      type: 'flexible',
      termDays: 0,
      tiers: flat('0.01'),
      minAmount: '0.0001',
      userCap: '20',
      productCap: '1000',
      earlyRedeem: true,
      enabled: true,
    },
    'eth-flexible': {
      coin: 'ETH',
      type: 'flexible',
      termDays: 0,
      tiers: flat('0.08'),
      minAmount: '0.001',
      userCap: '500',
      productCap: '20000',
      earlyRedeem: true,
      enabled: true,
    },
    'usdt-7d': {
      coin: 'USDT',
      type: 'fixed',
      termDays: 7,
      tiers: flat('0.05'),
      minAmount: '10',
      userCap: '100000',
      productCap: '10000000',
      earlyRedeem: true,
      enabled: true,
    },
    'usdt-30d': {
      coin: 'USDT',
      type: 'fixed',
      termDays: 30,
      tiers: flat('0.08'),
      minAmount: '10',
      userCap: '100000',
      productCap: '10000000',
      earlyRedeem: true,
      enabled: true,
    },
    'usdt-90d': {
      coin: 'USDT',
      type: 'fixed',
      termDays: 90,
      tiers: flat('0.1'),
      minAmount: '100',
      userCap: '100000',
      productCap: '10000000',
      earlyRedeem: false,
      enabled: true,
    },
  },
};

function amount(value: unknown, what: string): string {
  if (typeof value !== 'string' || toMinor(value) === null) {
    throw new Error(`${what} must be a decimal amount`);
  }
  return value;
}

/** Checks one product's terms; throws with what is wrong. */
export function checkProduct(id: string, terms: EarnProductTerms): EarnProductTerms {
  if (!/^[a-z0-9-]{1,32}$/.test(id)) throw new Error(`product id ${id}: a-z, 0-9 and - only`);
  if (!/^[A-Z0-9]{1,12}$/.test(terms.coin)) throw new Error(`${id}: bad coin`);
  if (!(EARN_PRODUCT_TYPES as readonly string[]).includes(terms.type)) {
    throw new Error(`${id}: type must be flexible or fixed`);
  }
  const termOk =
    terms.type === 'flexible'
      ? terms.termDays === 0
      : Number.isInteger(terms.termDays) && terms.termDays >= 1 && terms.termDays <= 366;
  if (!termOk) throw new Error(`${id}: termDays must be 0 (flexible) or 1-366 (fixed)`);
  try {
    tiersOf(terms.tiers);
  } catch (err) {
    throw new Error(`${id}: ${(err as Error).message}`);
  }
  amount(terms.minAmount, `${id}.minAmount`);
  amount(terms.userCap, `${id}.userCap`);
  amount(terms.productCap, `${id}.productCap`);
  if (typeof terms.earlyRedeem !== 'boolean' || typeof terms.enabled !== 'boolean') {
    throw new Error(`${id}: earlyRedeem and enabled must be true or false`);
  }
  return terms;
}

/** The defaults with what `json` overrides, checked; throws on anything it cannot use. */
export function earnSettingsOf(json: string): EarnSettings {
  const override = (json.trim() === '' ? {} : JSON.parse(json)) as Partial<EarnSettings>;
  const merged: EarnSettings = {
    ...DEFAULT_EARN_SETTINGS,
    ...override,
    interestSeed: { ...DEFAULT_EARN_SETTINGS.interestSeed, ...override.interestSeed },
    products: { ...DEFAULT_EARN_SETTINGS.products, ...override.products },
  };
  if (typeof merged.seed !== 'boolean')
    throw new Error('EARN_SETTINGS: seed must be true or false');
  for (const [coin, seed] of Object.entries(merged.interestSeed)) {
    amount(seed, `EARN_SETTINGS: interestSeed.${coin}`);
  }
  for (const [id, terms] of Object.entries(merged.products)) checkProduct(id, terms);
  return merged;
}

/**
 * Margin accounts as the wire shows them, read from the store (balances and
 * loans as last committed), and the limits computed from the same reads.
 */
import { Decimal, type DecimalValue, type MarginAccount } from '@quay/core';
import { minorOf } from '../../kernel/money';
import { MARGIN_POOL, type MarginAccountKey } from './margin-accounts';
import { amountText, loanOf, type Loan } from './margin-loans';
import { maxBorrowable, maxTransferable, riskOf, type RiskFigures } from './margin-math';
import type { MarginStore } from './margin-repositories';
import type { MarginTerms } from './margin-terms';

/** What an account holds and owes, as committed. */
export interface AccountState {
  key: MarginAccountKey;
  held: Map<string, { available: bigint; frozen: bigint }>;
  loans: Map<string, Loan>;
  figures: RiskFigures;
}

export function decimalText(value: DecimalValue, places: number): string {
  return new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed();
}

export async function readAccount(
  store: MarginStore,
  terms: MarginTerms,
  key: MarginAccountKey,
): Promise<AccountState> {
  const [balances, loanRows] = await Promise.all([
    store.repos.ledger.balancesOf([key.id]),
    store.repos.margin.loansOf([key.id]),
  ]);
  const held = new Map<string, { available: bigint; frozen: bigint }>();
  for (const b of balances) {
    held.set(b.coin, { available: minorOf(b.available), frozen: minorOf(b.frozen) });
  }
  const loans = new Map<string, Loan>();
  for (const row of loanRows) loans.set(row.coin, loanOf(row));
  const total = (coin: string) => {
    const h = held.get(coin);
    return h ? h.available + h.frozen : 0n;
  };
  const figures = riskOf(terms.riskCoins(key, total, loans));
  return { key, held, loans, figures };
}

export function statusOf(
  terms: MarginTerms,
  key: MarginAccountKey,
  figures: RiskFigures,
): MarginAccount['status'] {
  const level = figures.marginLevel;
  if (level === null) return 'normal';
  if (level.lte(terms.liquidationLevel(key.mode))) return 'liquidated';
  if (level.lte(terms.callLevel(key.mode))) return 'call';
  return 'normal';
}

export function accountToWire(terms: MarginTerms, state: AccountState): MarginAccount {
  const { key, held, loans, figures } = state;
  const places = 8;
  return {
    mode: key.mode,
    symbol: key.symbol,
    assets: terms.coinsOf(key).map((coin) => {
      const h = held.get(coin) ?? { available: 0n, frozen: 0n };
      const loan = loans.get(coin);
      const borrowed = loan?.principal ?? 0n;
      const interest = loan?.interest ?? 0n;
      return {
        coin,
        available: amountText(h.available),
        frozen: amountText(h.frozen),
        borrowed: amountText(borrowed),
        interest: amountText(interest),
        netAsset: amountText(h.available + h.frozen - borrowed - interest),
      };
    }),
    totalAsset: decimalText(figures.totalAsset, places),
    totalLiability: decimalText(figures.totalLiability, places),
    netAsset: decimalText(figures.netAsset, places),
    marginLevel: figures.marginLevel ? decimalText(figures.marginLevel, 4) : '',
    riskRatio: decimalText(figures.riskRatio, 4),
    status: statusOf(terms, key, figures),
    callLevel: terms.callLevel(key.mode),
    liquidationLevel: terms.liquidationLevel(key.mode),
    maxLeverage: terms.maxLeverage(key),
    valuationCoin: terms.valuationCoin,
  };
}

export async function borrowableOf(
  store: MarginStore,
  terms: MarginTerms,
  state: AccountState,
  coin: string,
): Promise<bigint> {
  const [pool] = (await store.repos.ledger.balancesOf([MARGIN_POOL])).filter(
    (b) => b.coin === coin,
  );
  return maxBorrowable({
    figures: state.figures,
    maxLeverage: terms.maxLeverage(state.key),
    price: terms.price(coin),
    cap: terms.cap(coin),
    principal: state.loans.get(coin)?.principal ?? 0n,
    pool: pool ? minorOf(pool.available) : 0n,
  });
}

export function transferableOf(terms: MarginTerms, state: AccountState, coin: string): bigint {
  return maxTransferable({
    figures: state.figures,
    available: state.held.get(coin)?.available ?? 0n,
    price: terms.price(coin),
    callLevel: new Decimal(terms.callLevel(state.key.mode)),
  });
}

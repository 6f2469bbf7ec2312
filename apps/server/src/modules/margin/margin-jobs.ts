/**
 * Margin's money moves as ledger jobs of the spot host, the one writer of
 * the balances margin orders settle on: transfers, borrowing (with its
 * first hour's interest), repaying (interest first), the hourly interest,
 * and placing an order with auto-borrow. Each job checks everything before
 * it posts anything; a refusal changes nothing.
 */
import { Decimal, type MarginModeName } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import type { CheckedOrder, LedgerJob, LedgerJobContext } from '../spot';
import type { SpotOrderRow } from '../spot';
import { MARGIN_POOL, type MarginAccountKey } from './margin-accounts';
import { JobLoans, amountText, loadLoans, type Loan } from './margin-loans';
import {
  HOUR_MS,
  hourlyInterest,
  maxBorrowable,
  maxTransferable,
  riskOf,
  splitRepayment,
} from './margin-math';
import type { MarginTerms } from './margin-terms';

/** What an account holds and owes, inside a job. */
export function figuresIn(
  ctx: LedgerJobContext,
  loans: JobLoans,
  terms: MarginTerms,
  key: MarginAccountKey,
) {
  const held = (coin: string) => ctx.available(key.id, coin) + ctx.frozen(key.id, coin);
  return riskOf(terms.riskCoins(key, held, loans.loansOf(key.id)));
}

export function borrowableIn(
  ctx: LedgerJobContext,
  loans: JobLoans,
  terms: MarginTerms,
  key: MarginAccountKey,
  coin: string,
): bigint {
  if (terms.dailyRate(coin) === null) throw appError('MARGIN_COIN_INVALID', { coin });
  terms.checkCoin(key, coin);
  return maxBorrowable({
    figures: figuresIn(ctx, loans, terms, key),
    maxLeverage: terms.maxLeverage(key),
    price: terms.price(coin),
    cap: terms.cap(coin),
    principal: loans.loansOf(key.id).get(coin)?.principal ?? 0n,
    pool: ctx.available(MARGIN_POOL, coin),
  });
}

export function transferableIn(
  ctx: LedgerJobContext,
  loans: JobLoans,
  terms: MarginTerms,
  key: MarginAccountKey,
  coin: string,
): bigint {
  return maxTransferable({
    figures: figuresIn(ctx, loans, terms, key),
    available: ctx.available(key.id, coin),
    price: terms.price(coin),
    callLevel: new Decimal(terms.callLevel(key.mode)),
  });
}

/** Posts a loan taken: pool -> account, the principal and the first hour's interest on the loan. */
function lend(
  ctx: LedgerJobContext,
  loans: JobLoans,
  terms: MarginTerms,
  key: MarginAccountKey,
  coin: string,
  amount: bigint,
): void {
  const rate = terms.dailyRate(coin) as bigint;
  ctx.post(`margin-borrow:${newId()}`, 'margin_borrow', [
    { userId: MARGIN_POOL, coin, bucket: 'available', amount: -amount },
    { userId: key.id, coin, bucket: 'available', amount },
  ]);
  const loan = loans.loan(key, coin);
  const first = hourlyInterest(amount, rate);
  if (loan.principal === 0n) loan.nextChargeAt = ctx.now + HOUR_MS;
  loan.principal += amount;
  loan.interest += first;
  loans.changed(loan);
  loans.record(key, 'borrow', coin, {
    amount: amountText(amount),
    principal: amountText(amount),
    interest: amountText(first),
    dailyRate: terms.settings.coins[coin]?.dailyRate ?? '',
  });
}

/** Posts a repayment: account -> pool, interest first. */
export function payBack(
  ctx: LedgerJobContext,
  loans: JobLoans,
  key: MarginAccountKey,
  loan: Loan,
  amount: bigint,
  kind: 'repay' | 'liquidation',
  extra: Record<string, unknown> = {},
): void {
  const split = splitRepayment(amount, loan.interest);
  if (amount > 0n) {
    ctx.post(`margin-repay:${newId()}`, 'margin_repay', [
      { userId: key.id, coin: loan.coin, bucket: 'available', amount: -amount },
      { userId: MARGIN_POOL, coin: loan.coin, bucket: 'available', amount },
    ]);
  }
  loan.interest -= split.interest;
  loan.principal -= split.principal;
  if (loan.principal === 0n) loan.nextChargeAt = 0;
  loans.changed(loan);
  loans.record(key, kind, loan.coin, {
    amount: amountText(amount),
    principal: amountText(split.principal),
    interest: amountText(split.interest),
    ...extra,
  });
}

/** A job on one margin account and the pool: its loans read first, the body run with them. */
function accountJob<R = void>(
  key: MarginAccountKey,
  body: (ctx: LedgerJobContext, loans: JobLoans) => R,
): LedgerJob<R> {
  return {
    accounts: [key.id, MARGIN_POOL],
    load: (repos, scope) => loadLoans(repos, scope, [key.id]),
    run: (ctx) => body(ctx, new JobLoans(ctx)),
  };
}

export function borrowJob(
  terms: MarginTerms,
  key: MarginAccountKey,
  coin: string,
  amount: bigint,
): LedgerJob<void> {
  return accountJob(key, (ctx, loans) => {
    const max = borrowableIn(ctx, loans, terms, key, coin);
    if (amount > max) throw appError('MARGIN_BORROW_TOO_LARGE', { max: amountText(max), coin });
    lend(ctx, loans, terms, key, coin, amount);
  });
}

/** Repays `amount` (or everything owed when null) of one coin. */
export function repayJob(
  key: MarginAccountKey,
  coin: string,
  amount: bigint | null,
): LedgerJob<void> {
  return accountJob(key, (ctx, loans) => {
    const loan = loans.loansOf(key.id).get(coin);
    const owed = loan ? loan.principal + loan.interest : 0n;
    if (!loan || owed === 0n) throw appError('MARGIN_NOTHING_OWED', { coin });
    const pay = amount ?? owed;
    if (pay > owed) throw appError('MARGIN_REPAY_TOO_LARGE', { owed: amountText(owed), coin });
    if (ctx.available(key.id, coin) < pay) throw appError('INSUFFICIENT_BALANCE', { coin });
    payBack(ctx, loans, key, loan, pay, 'repay');
  });
}

/**
 * After a margin order is done: repays the debt of the coin it brought
 * (the base of a buy, the quote of a sell) from what the account holds of
 * it, as far as it goes. Refuses nothing.
 */
export function autoRepayJob(key: MarginAccountKey, coin: string): LedgerJob<void> {
  return accountJob(key, (ctx, loans) => {
    const loan = loans.loansOf(key.id).get(coin);
    if (!loan) return;
    const owed = loan.principal + loan.interest;
    const available = ctx.available(key.id, coin);
    const pay = owed < available ? owed : available;
    if (pay > 0n) payBack(ctx, loans, key, loan, pay, 'repay', { auto: true });
  });
}

export type TransferEnd =
  { kind: 'spot'; userId: string } | { kind: 'margin'; key: MarginAccountKey };

export function transferJob(
  terms: MarginTerms,
  from: TransferEnd,
  to: TransferEnd,
  coin: string,
  amount: bigint,
): LedgerJob<void> {
  const idOf = (end: TransferEnd) => (end.kind === 'spot' ? end.userId : end.key.id);
  const margins = [from, to].flatMap((end) => (end.kind === 'margin' ? [end.key.id] : []));
  return {
    accounts: [idOf(from), idOf(to)],
    load: (repos, scope) => loadLoans(repos, scope, margins),
    run: (ctx) => {
      const source = idOf(from);
      if (ctx.available(source, coin) < amount) throw appError('INSUFFICIENT_BALANCE', { coin });
      if (from.kind === 'margin') {
        const max = transferableIn(ctx, new JobLoans(ctx), terms, from.key, coin);
        if (amount > max) throw appError('MARGIN_TRANSFER_RISK', { max: amountText(max), coin });
      }
      ctx.post(`margin-transfer:${newId()}`, 'transfer', [
        { userId: source, coin, bucket: 'available', amount: -amount },
        { userId: idOf(to), coin, bucket: 'available', amount },
      ]);
    },
  };
}

/** Charges every hour due on the loans of these accounts. */
export function interestJob(terms: MarginTerms, accounts: MarginAccountKey[]): LedgerJob<void> {
  return {
    accounts: [],
    load: (repos, scope) =>
      loadLoans(
        repos,
        scope,
        accounts.map((k) => k.id),
      ),
    run: (ctx) => {
      const loans = new JobLoans(ctx);
      for (const key of accounts) {
        for (const loan of loans.loansOf(key.id).values()) {
          if (loan.principal === 0n || loan.nextChargeAt === 0 || loan.nextChargeAt > ctx.now) {
            continue;
          }
          const rate = terms.dailyRate(loan.coin);
          if (rate === null) continue;
          const hours = Math.floor((ctx.now - loan.nextChargeAt) / HOUR_MS) + 1;
          const charged = hourlyInterest(loan.principal, rate) * BigInt(hours);
          loan.interest += charged;
          loan.nextChargeAt += hours * HOUR_MS;
          loans.changed(loan);
          loans.record(key, 'interest', loan.coin, {
            amount: amountText(charged),
            principal: amountText(loan.principal),
            interest: amountText(charged),
            hours,
            dailyRate: terms.settings.coins[loan.coin]?.dailyRate ?? '',
          });
        }
      }
    },
  };
}

export interface MarginOrderAsk {
  key: MarginAccountKey;
  order: CheckedOrder;
  autoBorrow: boolean;
  autoRepay: boolean;
  /** What the order freezes, and in which coin (for auto-borrow). */
  needs: { coin: string; amount: bigint };
  mode: MarginModeName;
}

/** Places a margin order; with auto-borrow, first borrows what the available balance lacks. */
export function orderJob(terms: MarginTerms, ask: MarginOrderAsk): LedgerJob<SpotOrderRow> {
  const { key, needs } = ask;
  return accountJob(key, (ctx, loans) => {
    const short = needs.amount - ctx.available(key.id, needs.coin);
    let borrowed = 0n;
    let row: SpotOrderRow;
    if (ask.autoBorrow && short > 0n) {
      const max = borrowableIn(ctx, loans, terms, key, needs.coin);
      if (short > max) {
        throw appError('MARGIN_BORROW_TOO_LARGE', { max: amountText(max), coin: needs.coin });
      }
      row = ctx.withCredit(key.id, needs.coin, short, () => ctx.place(key.id, ask.order));
      lend(ctx, loans, terms, key, needs.coin, short);
      borrowed = short;
    } else {
      row = ctx.place(key.id, ask.order);
    }
    loans.order(key, row.id, row.symbol, {
      mode: ask.mode,
      autoBorrow: ask.autoBorrow,
      autoRepay: ask.autoRepay,
      borrowed: amountText(borrowed),
      borrowCoin: borrowed > 0n ? needs.coin : '',
      liquidation: false,
    });
    return { ...row };
  });
}

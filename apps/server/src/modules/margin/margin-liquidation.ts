/**
 * Liquidating a margin account whose margin level has fallen to the
 * liquidation line, inside one batch of the spot writer: its open orders
 * are cancelled; what it holds beyond each coin's debt is sold through the
 * spot book (market orders owned by the margin account); a coin still owed
 * is bought with the proceeds; every debt is repaid as far as the account
 * goes; the liquidation fee (a share of the proceeds, from what is left)
 * goes to the margin protection fund. Once nothing sellable is left, the
 * fund pays the pool the debt the collateral could not cover (and what even
 * the fund cannot pay is the pool's loss): no account is left owing more
 * than it holds, and no balance goes below zero.
 */
import { ERRORS } from '@quay/core';
import { AppError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import type { CheckedOrder, LedgerJob, LedgerJobContext } from '../spot';
import { MARGIN_FUND, MARGIN_POOL, type MarginAccountKey } from './margin-accounts';
import { figuresIn } from './margin-jobs';
import { JobLoans, amountText, loadLoans, type Loan } from './margin-loans';
import { rateUnits, splitRepayment } from './margin-math';
import type { MarginTerms } from './margin-terms';

const RATE_SCALE = 10n ** 18n;

export interface LiquidationOutcome {
  liquidated: boolean;
  orderIds: number[];
}

function marketOrder(symbol: string, side: 'buy' | 'sell', lots: number, quote = 0n): CheckedOrder {
  return {
    symbol,
    side,
    type: 'market',
    timeInForce: null,
    priceTicks: 0,
    lots,
    quoteAmount: quote,
    clientOrderId: null,
  };
}

export function liquidationJob(
  terms: MarginTerms,
  key: MarginAccountKey,
): LedgerJob<LiquidationOutcome> {
  return {
    accounts: [key.id, MARGIN_POOL, MARGIN_FUND],
    load: (repos, scope) => loadLoans(repos, scope, [key.id]),
    run: (ctx) => {
      const loans = new JobLoans(ctx);
      const figures = figuresIn(ctx, loans, terms, key);
      const level = figures.marginLevel;
      if (level === null || level.gt(terms.liquidationLevel(key.mode))) {
        return { liquidated: false, orderIds: [] };
      }
      const orderIds: number[] = [];
      const symbols = key.symbol ? [key.symbol] : terms.markets().map((m) => m.config.symbol);
      for (const symbol of symbols) ctx.cancelAll(key.id, symbol);
      const quote = terms.valuationCoin;
      const owed = (coin: string) => {
        const loan = loans.loansOf(key.id).get(coin);
        return loan ? loan.principal + loan.interest : 0n;
      };
      const dust = new Set<string>();
      const place = (order: CheckedOrder): boolean => {
        try {
          const row = ctx.place(key.id, order);
          orderIds.push(row.id);
          loans.order(key, row.id, row.symbol, {
            mode: key.mode,
            autoBorrow: false,
            autoRepay: false,
            borrowed: '0',
            borrowCoin: '',
            liquidation: true,
          });
          return true;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // Too little to meet the market's minimum: dust, which nothing will ever buy.
          if (err.code === ERRORS.NOTIONAL_TOO_SMALL.code) dust.add(order.symbol);
          return false;
        }
      };
      const quoteBefore = ctx.available(key.id, quote);
      let bought = 0n;
      // Sell what each coin holds beyond its own debt.
      for (const coin of terms.coinsOf(key)) {
        const market = terms.marketOf(coin);
        if (coin === quote || !market) continue;
        const excess = ctx.available(key.id, coin) - owed(coin);
        const lots = excess > 0n ? Number(excess / market.scale.basePerLot) : 0;
        if (lots > 0) place(marketOrder(market.config.symbol, 'sell', lots));
      }
      // Buy what a coin still lacks of its debt.
      for (const coin of terms.coinsOf(key)) {
        const market = terms.marketOf(coin);
        const lack = owed(coin) - ctx.available(key.id, coin);
        if (coin === quote || !market || lack <= 0n) continue;
        const { basePerLot } = market.scale;
        const before = ctx.available(key.id, quote);
        const lots = Number((lack + basePerLot - 1n) / basePerLot);
        if (!place(marketOrder(market.config.symbol, 'buy', lots)) && before > 0n) {
          place(marketOrder(market.config.symbol, 'buy', 0, before));
        }
        bought += before - ctx.available(key.id, quote);
      }
      const proceeds = ctx.available(key.id, quote) + bought - quoteBefore;
      // Nothing left to sell or buy: what is still owed then is beyond the collateral.
      const stuck = (coin: string) => {
        const market = terms.marketOf(coin);
        return !market || dust.has(market.config.symbol);
      };
      const coins = terms.coinsOf(key);
      const emptied = coins.every((coin) => {
        const left = ctx.available(key.id, coin) - owed(coin);
        if (left <= 0n) return true;
        if (coin === quote) {
          return coins.every((c) => c === quote || owed(c) <= ctx.available(key.id, c) || stuck(c));
        }
        const market = terms.marketOf(coin);
        return !market || left < market.scale.basePerLot || stuck(coin);
      });
      const feeRate = rateUnits(terms.settings.liquidationFeeRate);
      let fee = proceeds > 0n ? (proceeds * feeRate + RATE_SCALE - 1n) / RATE_SCALE : 0n;
      for (const loan of [...loans.loansOf(key.id).values()]) {
        if (loan.principal + loan.interest === 0n) continue;
        settleLoan(ctx, loans, key, loan, emptied);
      }
      const left = ctx.available(key.id, quote);
      if (fee > left) fee = left;
      if (fee > 0n) {
        ctx.post(`margin-liquidation-fee:${newId()}`, 'margin_liquidation_fee', [
          { userId: key.id, coin: quote, bucket: 'available', amount: -fee },
          { userId: MARGIN_FUND, coin: quote, bucket: 'available', amount: fee },
        ]);
        loans.record(key, 'liquidation', quote, {
          amount: '0',
          principal: '0',
          interest: '0',
          fee: amountText(fee),
          fundCovered: '0',
        });
      }
      return { liquidated: true, orderIds };
    },
  };
}

/**
 * Repays one coin's debt from the account as far as it goes; once the
 * account has nothing left to sell, the fund covers the rest and any part
 * even the fund cannot pay is written off (the pool's loss).
 */
function settleLoan(
  ctx: LedgerJobContext,
  loans: JobLoans,
  key: MarginAccountKey,
  loan: Loan,
  emptied: boolean,
): void {
  const coin = loan.coin;
  const owed = loan.principal + loan.interest;
  const available = ctx.available(key.id, coin);
  const pay = available < owed ? available : owed;
  if (pay > 0n) {
    ctx.post(`margin-repay:${newId()}`, 'margin_repay', [
      { userId: key.id, coin, bucket: 'available', amount: -pay },
      { userId: MARGIN_POOL, coin, bucket: 'available', amount: pay },
    ]);
  }
  const paid = splitRepayment(pay, loan.interest);
  loan.interest -= paid.interest;
  loan.principal -= paid.principal;
  let covered = 0n;
  let writtenOff = 0n;
  if (emptied && loan.principal + loan.interest > 0n) {
    const rest = loan.principal + loan.interest;
    const fund = ctx.available(MARGIN_FUND, coin);
    covered = fund < rest ? fund : rest;
    if (covered > 0n) {
      ctx.post(`margin-fund-cover:${newId()}`, 'margin_fund_cover', [
        { userId: MARGIN_FUND, coin, bucket: 'available', amount: -covered },
        { userId: MARGIN_POOL, coin, bucket: 'available', amount: covered },
      ]);
    }
    writtenOff = rest - covered;
    loan.principal = 0n;
    loan.interest = 0n;
  }
  if (loan.principal === 0n) loan.nextChargeAt = 0;
  // Nothing paid, covered or written off (collateral still waiting for a buyer): nothing to record.
  if (pay === 0n && covered === 0n && writtenOff === 0n) return;
  loans.changed(loan);
  loans.record(key, 'liquidation', coin, {
    amount: amountText(pay),
    principal: amountText(paid.principal),
    interest: amountText(paid.interest),
    fee: '0',
    fundCovered: amountText(covered),
    writtenOff: amountText(writtenOff),
  });
}

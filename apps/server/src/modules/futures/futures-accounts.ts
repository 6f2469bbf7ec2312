/**
 * The futures wallet and its settings: the account's figures, margin mode,
 * leverage and position mode, transfers between the spot and the futures
 * wallet, and credits from outside (the simulator's system accounts).
 */
import {
  marginRatioOf,
  MARGIN_MODE,
  type Balance,
  type FuturesAccount,
  type FuturesSettings,
  type MarginMode,
  type PositionMode,
  type PositionSide,
} from '@quay/core';
import type { FuturesContext } from './futures-context';
import { fromMinorText } from './futures-host';
import { maintenanceAt, pnlAt, walletOf } from './futures-state';
import { appError } from '../../kernel/app-error';
import { isDemoCoin, type LedgerSide } from '../../kernel/coins';
import { newId } from '../../kernel/ids';
import { DEMO_SOURCE, EXTERNAL_ACCOUNT, Journal } from '../../kernel/journal';

export class FuturesAccounts {
  constructor(private readonly ctx: FuturesContext) {}

  account(owner: string, side: LedgerSide): FuturesAccount {
    const coin = this.ctx.coinOf(side);
    const w = this.ctx.host.walletBalance(owner, coin);
    const wallet = w.available + w.frozen;
    const cross = this.ctx.host.crossFigures(owner, coin);
    let upnl = cross.upnl;
    let positionMargin = cross.im;
    let mm = cross.mm;
    for (const p of this.ctx.host.ownerPositions(owner, coin)) {
      if (p.marginMode !== MARGIN_MODE.isolated) continue;
      const market = this.ctx.host.market(p.symbol);
      const mark = this.ctx.host.markOf(p.symbol);
      upnl += mark ? pnlAt(market, p, mark) : 0n;
      positionMargin += p.margin;
      mm += maintenanceAt(market, p.lots, mark);
    }
    const crossBalance = w.available + cross.upnl;
    return {
      coin,
      positionMode: this.ctx.host.positionMode(owner, coin),
      walletBalance: fromMinorText(wallet),
      unrealisedPnl: fromMinorText(upnl),
      marginBalance: fromMinorText(wallet + upnl),
      positionMargin: fromMinorText(positionMargin),
      orderMargin: fromMinorText(this.ctx.host.orderMargin(owner, coin)),
      availableBalance: fromMinorText(this.ctx.host.availableFor(owner, coin)),
      maxTransferable: fromMinorText(this.ctx.host.transferable(owner, coin)),
      maintenanceMargin: fromMinorText(mm),
      marginRatio: marginRatioOf(cross.mm, crossBalance) ?? (cross.mm > 0n ? '1' : '0'),
    };
  }

  settings(owner: string, symbol: string, side: LedgerSide): FuturesSettings {
    const market = this.ctx.market(symbol, side);
    const s = this.ctx.host.symbolSettings(owner, market.config.symbol);
    return {
      symbol: market.config.symbol,
      positionMode: this.ctx.host.positionMode(owner, market.config.quote),
      marginMode: s.marginMode,
      longLeverage: s.long,
      shortLeverage: s.short,
      maxLeverage: market.maxLeverage,
    };
  }

  async setPositionMode(
    owner: string,
    side: LedgerSide,
    mode: PositionMode,
  ): Promise<FuturesAccount> {
    await this.ctx.host.submit({
      kind: 'positionMode',
      owner,
      coin: this.ctx.coinOf(side),
      symbols: this.ctx.symbolsOf(side),
      positionMode: mode,
    });
    return this.account(owner, side);
  }

  async setLeverage(
    owner: string,
    side: LedgerSide,
    body: { symbol: string; leverage: number; positionSide?: PositionSide },
  ): Promise<FuturesSettings> {
    const market = this.ctx.market(body.symbol, side);
    await this.ctx.host.submit({
      kind: 'leverage',
      owner,
      symbol: market.config.symbol,
      leverage: body.leverage,
      positionSide: body.positionSide ?? null,
    });
    return this.settings(owner, market.config.symbol, side);
  }

  async setMarginMode(
    owner: string,
    side: LedgerSide,
    body: { symbol: string; marginMode: MarginMode },
  ): Promise<FuturesSettings> {
    const market = this.ctx.market(body.symbol, side);
    await this.ctx.host.submit({
      kind: 'marginMode',
      owner,
      symbol: market.config.symbol,
      marginMode: body.marginMode,
    });
    return this.settings(owner, market.config.symbol, side);
  }

  /** Spot <-> futures, in the side's settlement coin. */
  async transfer(
    owner: string,
    side: LedgerSide,
    body: { coin: string; amount: string; direction: 'toFutures' | 'toSpot'; id?: string },
  ): Promise<FuturesAccount> {
    const coin = this.ctx.coinOf(side);
    if (body.coin !== coin && `S${body.coin}` !== coin) throw appError('COIN_UNKNOWN');
    const amount = this.ctx.amount(body.amount);
    const ref = `transfer:${body.direction}:${body.id ?? newId()}`;
    if (body.direction === 'toFutures') {
      await this.ctx.spotHost.submit({
        kind: 'debit',
        userId: owner,
        coin,
        amount,
        to: walletOf(owner),
        ref,
      });
      await this.ctx.host.submit({
        kind: 'notice',
        accounts: [{ account: walletOf(owner), coin }],
      });
    } else {
      await this.ctx.host.submit({
        kind: 'transferOut',
        owner,
        coin,
        amount,
        spotAccount: owner,
        ref,
      });
    }
    return this.account(owner, side);
  }

  /**
   * Credits a futures wallet from outside the exchange (the simulator's
   * system accounts; demo coins come from the demo source).
   */
  async systemDeposit(owner: string, coin: string, amount: string): Promise<void> {
    const minor = this.ctx.amount(amount);
    const source = isDemoCoin(coin) ? DEMO_SOURCE : EXTERNAL_ACCOUNT;
    await this.ctx.store.transaction(async (repos) => {
      const journal = new Journal(Date.now());
      journal.post(`deposit:futures:${newId()}`, 'deposit', [
        { userId: source, coin, bucket: 'available', amount: -minor },
        { userId: walletOf(owner), coin, bucket: 'available', amount: minor },
      ]);
      await journal.flush(repos);
    });
    await this.ctx.host.submit({ kind: 'notice', accounts: [{ account: walletOf(owner), coin }] });
  }

  /** The futures wallet in every settlement coin, as balances. */
  walletBalances(owner: string): Balance[] {
    const coins = [...new Set(this.ctx.markets.all().map((m) => m.config.quote))];
    return coins.map((coin) => {
      const w = this.ctx.host.walletBalance(owner, coin);
      return {
        coin,
        available: fromMinorText(w.available),
        frozen: fromMinorText(w.frozen),
        total: fromMinorText(w.available + w.frozen),
      };
    });
  }
}

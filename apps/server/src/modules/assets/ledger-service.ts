/**
 * Balances, deposits and withdrawals. Anything that lowers what a user has
 * available (a withdrawal request) goes through the engine host, the one
 * writer that freezes funds for orders, so it can never promise the same
 * coins twice. Changes that only add to what is available or settle frozen
 * funds (an operator's deposit, approval or rejection, a user's cancel of a
 * pending withdrawal) are written straight to the store, from the server or
 * from the operator's command line, with a notice the server reads to
 * refresh what it holds in memory and to push the new balances.
 */
import {
  Decimal,
  type AssetRecord,
  type AssetRecordStatus,
  type AssetRecordType,
  type Balance,
  type CoinSetting,
  type DepositAddress,
  type Page,
  type Valuation,
  type WithdrawRequest,
} from '@quay/core';
import type { SpotHost } from '../spot';
import type { Store } from '../../kernel/db/db';
import type { AssetRecordFilter, AssetRecordRow } from '../../kernel/db/ledger-repository';
import { appError } from '../../kernel/app-error';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import {
  coinDefinition,
  coinNamesOf,
  coinSettings,
  COIN_NAMES,
  DEMO_COIN_NAMES,
  depositAddress,
  isDemoCoin,
} from '../../kernel/coins';
import { fiatPerUsdt } from './fiat-rates';
import { ASSETS_FREEZE, registerFreezeJob } from './ledger-freeze';
import { newId } from '../../kernel/ids';
import { DEMO_SOURCE, EXTERNAL_ACCOUNT, FEE_ACCOUNT, Journal, move } from '../../kernel/journal';
import { COIN_DECIMALS, fromMinor, toMinor } from '../../kernel/money';
import type { LedgerSide } from '../../kernel/coins';

function recordToWire(row: AssetRecordRow): AssetRecord {
  return {
    id: row.id,
    type: row.type as AssetRecordType,
    coin: row.coin,
    amount: fromMinor(row.amount),
    fee: fromMinor(row.fee),
    address: row.address,
    status: row.status as AssetRecordStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A real coin that moves in and out; demo coins never do. */
function checkedCoin(coin: string) {
  if (isDemoCoin(coin)) throw appError('DEMO_NO_TRANSFER');
  const definition = coinDefinition(coin);
  if (!definition) throw appError('COIN_UNKNOWN');
  return definition;
}

function checkedAmount(amount: string): bigint {
  const minor = toMinor(amount);
  if (minor === null || minor === 0n) throw appError('AMOUNT_INVALID', { decimals: COIN_DECIMALS });
  return minor;
}

/** Credits a deposit: from the world outside to the user's available balance. Returns the record id. */
export async function creditDeposit(
  store: Store,
  userId: string,
  coin: string,
  amount: string,
  address: string,
  now: number,
): Promise<string> {
  checkedCoin(coin);
  const minor = checkedAmount(amount);
  const id = newId();
  await store.transaction(async (repos) => {
    const journal = new Journal(now);
    journal.post(`deposit:${id}`, 'deposit', [
      { userId: EXTERNAL_ACCOUNT, coin, bucket: 'available', amount: -minor },
      { userId, coin, bucket: 'available', amount: minor },
    ]);
    await journal.flush(repos);
    await repos.ledger.insertRecord({
      id,
      user_id: userId,
      type: 'deposit',
      coin,
      amount: minor,
      fee: 0n,
      address,
      status: 'completed',
      created_at: now,
      updated_at: now,
    });
    await repos.ledger.insertNotice(newId(), userId, now);
  });
  return id;
}

/**
 * Credits demo coins from the demo source (a grant, the simulator's demo
 * funding): journaled like a deposit, with no asset record, since nothing
 * came in from outside.
 */
export async function creditDemo(
  store: Store,
  userId: string,
  coin: string,
  minor: bigint,
  ref: string,
  now: number,
): Promise<void> {
  if (!isDemoCoin(coin)) throw new Error(`not a demo coin: ${coin}`);
  await store.transaction(async (repos) => {
    const journal = new Journal(now);
    journal.post(ref, 'demo-credit', [
      { userId: DEMO_SOURCE, coin, bucket: 'available', amount: -minor },
      { userId, coin, bucket: 'available', amount: minor },
    ]);
    await journal.flush(repos);
    await repos.ledger.insertNotice(newId(), userId, now);
  });
}

/**
 * Ends a pending withdrawal: 'completed' sends the frozen amount out (the fee
 * to the fee account); 'rejected' or 'canceled' gives it back. `userId`, when
 * given, must own it.
 */
export async function settleWithdrawal(
  store: Store,
  id: string,
  outcome: 'completed' | 'rejected' | 'canceled',
  now: number,
  userId: string | null = null,
): Promise<AssetRecordRow> {
  return store.transaction(async (repos) => {
    const record = await repos.ledger.record(id);
    if (
      !record ||
      record.type !== 'withdraw' ||
      record.status !== 'pending' ||
      (userId !== null && record.user_id !== userId)
    ) {
      throw appError('WITHDRAWAL_NOT_FOUND');
    }
    if (!(await repos.ledger.moveRecord(id, 'pending', outcome, now))) {
      throw appError('WITHDRAWAL_NOT_FOUND');
    }
    const journal = new Journal(now);
    if (outcome === 'completed') {
      journal.post(`withdraw:${id}:complete`, 'withdraw', [
        { userId: record.user_id, coin: record.coin, bucket: 'frozen', amount: -record.amount },
        {
          userId: EXTERNAL_ACCOUNT,
          coin: record.coin,
          bucket: 'available',
          amount: record.amount - record.fee,
        },
        { userId: FEE_ACCOUNT, coin: record.coin, bucket: 'available', amount: record.fee },
      ]);
    } else {
      journal.post(
        `withdraw:${id}:${outcome}`,
        'release',
        move(record.user_id, record.coin, 'frozen', 'available', record.amount),
      );
    }
    await journal.flush(repos);
    await repos.ledger.insertNotice(newId(), record.user_id, now);
    return { ...record, status: outcome, updated_at: now };
  });
}

export interface LedgerServiceOptions {
  now: () => number;
  /** The value of one coin in USDT from the live markets, or null when it has none. */
  usdtPrice: (coin: string) => string | null;
}

export class LedgerService {
  constructor(
    private readonly store: Store,
    private readonly host: SpotHost,
    private readonly options: LedgerServiceOptions,
  ) {
    registerFreezeJob(host);
  }

  coins(side: LedgerSide = 'real'): CoinSetting[] {
    return coinSettings(side);
  }

  /** Balances of one side's coins; with no side, every coin (the simulator's own accounts). */
  async balances(userId: string, side?: LedgerSide): Promise<Balance[]> {
    const rows = await this.store.repos.ledger.balancesOf([userId]);
    const held = new Map(rows.map((r) => [r.coin, r]));
    const coins = side ? coinNamesOf(side) : [...COIN_NAMES, ...DEMO_COIN_NAMES];
    return coins.map((coin) => {
      const row = held.get(coin);
      const available = row?.available ?? 0n;
      const frozen = row?.frozen ?? 0n;
      return {
        coin,
        available: fromMinor(available),
        frozen: fromMinor(frozen),
        total: fromMinor(available + frozen),
      };
    });
  }

  /** The value of one side's balances; a demo coin counts at its demo market's price, SUSDT as one USDT. */
  async valuation(userId: string, unit: string, side: LedgerSide = 'real'): Promise<Valuation> {
    const rate = fiatPerUsdt(unit);
    if (rate === null) throw appError('FIELD_FORMAT', { field: 'unit' });
    const balances = await this.balances(userId, side);
    const [unitCoin, btc] = side === 'demo' ? ['SUSDT', 'SBTC'] : ['USDT', 'BTC'];
    let totalUsdt = new Decimal(0);
    const coins: Valuation['coins'] = [];
    for (const b of balances) {
      const price = b.coin === unitCoin ? '1' : this.options.usdtPrice(b.coin);
      const usdt = price === null ? new Decimal(0) : new Decimal(b.total).times(price);
      totalUsdt = totalUsdt.plus(usdt);
      coins.push({ coin: b.coin, total: b.total, usdt: usdt.toFixed(8) });
    }
    const btcPrice = this.options.usdtPrice(btc);
    return {
      unit,
      fiatPerUsdt: rate,
      totalUsdt: totalUsdt.toFixed(8),
      totalBtc: btcPrice && new Decimal(btcPrice).gt(0) ? totalUsdt.div(btcPrice).toFixed(8) : '0',
      totalFiat: totalUsdt.times(rate).toFixed(8),
      coins,
    };
  }

  depositAddress(userId: string, coin: string): DepositAddress {
    const definition = checkedCoin(coin);
    return { coin, network: definition.network, address: depositAddress(userId, definition) };
  }

  /** Operator credit from inside the server (the simulator's funding); journaled like any deposit. */
  async deposit(userId: string, coin: string, amount: string, memo: string): Promise<void> {
    if (isDemoCoin(coin)) {
      const now = this.options.now();
      await creditDemo(this.store, userId, coin, checkedAmount(amount), `demo:${newId()}`, now);
    } else {
      await creditDeposit(this.store, userId, coin, amount, memo, this.options.now());
    }
    await this.host.submit({ kind: 'notice', userIds: [userId] });
  }

  async requestWithdrawal(userId: string, request: WithdrawRequest): Promise<AssetRecord> {
    const definition = checkedCoin(request.coin);
    if (!definition.address.test(request.address)) {
      throw appError('ADDRESS_INVALID', { network: definition.network });
    }
    const amount = checkedAmount(request.amount);
    const minimum = toMinor(definition.minWithdraw) ?? 0n;
    const fee = toMinor(definition.withdrawFee) ?? 0n;
    if (amount < minimum || amount <= fee) {
      throw appError('WITHDRAW_TOO_SMALL', { minimum: definition.minWithdraw, coin: request.coin });
    }
    const id = newId();
    const now = this.options.now();
    const row: AssetRecordRow = {
      id,
      user_id: userId,
      type: 'withdraw',
      coin: request.coin,
      amount,
      fee,
      address: request.address,
      status: 'pending',
      created_at: now,
      updated_at: now,
    };
    await this.host.run(ASSETS_FREEZE, {
      userId,
      coin: request.coin,
      amount,
      ref: `withdraw:${id}:request`,
      record: row,
    });
    return recordToWire(row);
  }

  async cancelWithdrawal(userId: string, id: string): Promise<AssetRecord> {
    const row = await settleWithdrawal(this.store, id, 'canceled', this.options.now(), userId);
    await this.host.submit({ kind: 'notice', userIds: [userId] });
    return recordToWire(row);
  }

  /** The user's withdrawals among `ids`, in the order asked; every other id in `missing`. */
  async withdrawalsByIds(
    userId: string,
    ids: readonly string[],
  ): Promise<{ items: AssetRecord[]; missing: string[] }> {
    const items: AssetRecord[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const row = await this.store.repos.ledger.record(id);
      if (row && row.user_id === userId && row.type === 'withdraw') items.push(recordToWire(row));
      else missing.push(id);
    }
    return { items, missing };
  }

  async records(
    userId: string,
    filter: AssetRecordFilter,
    paging: Paging,
    side: LedgerSide = 'real',
  ): Promise<Page<AssetRecord>> {
    if (filter.begin !== null && filter.end !== null && filter.begin > filter.end) {
      throw appError('TIME_RANGE_INVALID');
    }
    const coins = coinNamesOf(side);
    if (filter.coin !== null && !coins.includes(filter.coin)) throw appError('COIN_UNKNOWN');
    filter = { ...filter, coins };
    const repos = this.store.repos;
    const [total, rows] = await Promise.all([
      repos.ledger.countRecords(userId, filter),
      repos.ledger.records(userId, filter, paging.offset, paging.limit),
    ]);
    return pageAnswer(paging, total, rows.map(recordToWire));
  }
}

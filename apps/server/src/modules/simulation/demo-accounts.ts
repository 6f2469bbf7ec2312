/**
 * Demo ledgers (simulation mode, DESIGN.md section 4). A user's demo ledger
 * is the same user's balances in the demo coins (SUSDT, SBTC ...), traded on
 * the demo markets; the routes keep it apart from the real one. It opens on
 * the user's first simulated call with a grant of 50,000 SUSDT from the demo
 * source, once; a reset cancels the user's demo orders, gives every demo
 * balance back to the demo source and grants again. Everything is journaled,
 * so the demo coins too sum to what came in minus what went out.
 */
import { DEMO_GRANT, type Balance } from '@quay/core';
import type { FuturesHost } from '../futures';
import type { SpotHost } from '../spot';
import type {
  SimulationRepos as Repositories,
  SimulationStore as Store,
} from './simulation-repositories';
import { isDemoCoin } from '../../kernel/coins';
import { newId } from '../../kernel/ids';
import { DEMO_SOURCE, Journal, type Leg } from '../../kernel/journal';
import { ASSETS_FREEZE, type LedgerService } from '../assets';
import type { PerpMarkets } from '../futures';
import { toMinor } from '../../kernel/money';
import type { SpotService } from '../spot';
import type { SpotMarkets } from '../spot';

/** Users known to have a demo ledger, so most simulated calls cost no query; forgotten past this many. */
const KNOWN_MAX = 100_000;

const GRANT_MINOR = toMinor(DEMO_GRANT.amount) ?? 0n;

export class DemoAccounts {
  private readonly known = new Set<string>();

  constructor(
    private readonly store: Store,
    private readonly host: SpotHost,
    private readonly spot: SpotService,
    private readonly ledger: LedgerService,
    private readonly markets: SpotMarkets,
    private readonly now: () => number,
    private readonly futures: FuturesHost | null = null,
    private readonly perpMarkets: PerpMarkets | null = null,
  ) {}

  private grantLegs(userId: string): Leg[] {
    return [
      { userId: DEMO_SOURCE, coin: DEMO_GRANT.coin, bucket: 'available', amount: -GRANT_MINOR },
      { userId, coin: DEMO_GRANT.coin, bucket: 'available', amount: GRANT_MINOR },
    ];
  }

  /** Opens the user's demo ledger with its grant, unless it is open already. */
  async ensure(userId: string): Promise<void> {
    if (this.known.has(userId)) return;
    const now = this.now();
    const opened = await this.store.transaction(async (repos: Repositories) => {
      if (!(await repos.demoAccounts.openDemoAccount(userId, now))) return false;
      const journal = new Journal(now);
      journal.post(`demo-grant:${userId}`, 'demo-grant', this.grantLegs(userId));
      await journal.flush(repos);
      await repos.ledger.insertNotice(newId(), userId, now);
      return true;
    });
    if (this.known.size >= KNOWN_MAX) this.known.clear();
    this.known.add(userId);
    if (opened) await this.host.submit({ kind: 'notice', userIds: [userId] });
  }

  /**
   * Starts the demo ledger afresh: demo orders cancelled, every demo coin
   * taken back, the grant again. What is available is frozen through the
   * engine host (the one writer of what is available), then settled to the
   * demo source with the new grant in one transaction, as a withdrawal is.
   */
  async reset(userId: string): Promise<Balance[]> {
    await this.ensure(userId);
    // The demo futures account first: its positions pass to the demo fund, its wallet back to the source.
    if (this.futures && this.perpMarkets) {
      await this.futures.submit({
        kind: 'resetDemo',
        owner: userId,
        coin: DEMO_GRANT.coin,
        symbols: this.perpMarkets.ofSide('demo').map((m) => m.config.symbol),
      });
    }
    for (const market of this.markets.ofSide('demo')) {
      await this.spot.cancelAll(userId, market.config.symbol);
    }
    const id = newId();
    const rows = await this.store.repos.ledger.balancesOf([userId]);
    const taken: { coin: string; amount: bigint }[] = [];
    for (const row of rows) {
      if (!isDemoCoin(row.coin) || row.available <= 0n) continue;
      await this.host.run(ASSETS_FREEZE, {
        userId,
        coin: row.coin,
        amount: row.available,
        ref: `demo-reset:${id}:${row.coin}:take`,
        record: null,
      });
      taken.push({ coin: row.coin, amount: row.available });
    }
    const now = this.now();
    await this.store.transaction(async (repos) => {
      const journal = new Journal(now);
      for (const { coin, amount } of taken) {
        journal.post(`demo-reset:${id}:${coin}`, 'demo-reset', [
          { userId, coin, bucket: 'frozen', amount: -amount },
          { userId: DEMO_SOURCE, coin, bucket: 'available', amount },
        ]);
      }
      journal.post(`demo-reset:${id}:grant`, 'demo-grant', this.grantLegs(userId));
      await journal.flush(repos);
      await repos.demoAccounts.markDemoReset(userId, now);
      await repos.ledger.insertNotice(newId(), userId, now);
    });
    await this.host.submit({ kind: 'notice', userIds: [userId] });
    return this.ledger.balances(userId, 'demo');
  }
}

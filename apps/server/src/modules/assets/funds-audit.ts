/**
 * The audit of every fund the exchange keeps (`npm run quay -- audit`, and
 * the end of the integration suites): the kernel's checks of the journal
 * and the balances, with what freezes funds in each product line (spot
 * orders, pending withdrawals, isolated futures positions), all read from
 * one snapshot of the store.
 */
import type { Store } from '../../kernel/db/db';
import type { KernelRepositories } from '../../kernel/db/repositories';
import { auditLedger, type FrozenSource, type LedgerAudit } from '../../kernel/ledger-audit';
import { isolatedMarginHoldings, PerpMarkets, type FuturesRepositories } from '../futures';
import { SpotMarkets, spotOrderHoldings, type SpotRepositories } from '../spot';

export type AuditedStore = Store<KernelRepositories & SpotRepositories & FuturesRepositories>;

export interface AuditedMarkets {
  spot: SpotMarkets;
  perp: PerpMarkets;
}

async function withdrawalHoldings(repos: KernelRepositories): Promise<FrozenSource> {
  const pending = await repos.ledger.pendingWithdrawals();
  return {
    name: 'pending withdrawals',
    count: pending.reduce((n, w) => n + w.count, 0),
    claims: pending.map((w) => ({ account: w.user_id, coin: w.coin, amount: w.amount })),
  };
}

export function auditFunds(
  store: AuditedStore,
  markets: AuditedMarkets = { spot: new SpotMarkets(), perp: new PerpMarkets() },
): Promise<LedgerAudit> {
  return store.snapshot(async (repos) =>
    auditLedger({
      balances: await repos.ledger.allBalances(),
      journal: await repos.ledger.journalSums(),
      sources: [
        await spotOrderHoldings(repos, markets.spot),
        await withdrawalHoldings(repos),
        await isolatedMarginHoldings(repos, markets.perp),
      ],
    }),
  );
}

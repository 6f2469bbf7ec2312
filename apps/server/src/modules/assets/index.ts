/** Assets: balances, valuation, deposit addresses, withdrawals and the operator's ledger notices. */
import { runsWriters, type QuayModule } from '../../kernel/module';
import { assetRoutes } from './asset-routes';
import { withdrawBatchRoutes } from './withdraw-batch-routes';
import type { AssetsServices } from './assets-services';
import { LedgerNoticeWatcher } from './ledger-notices';

/** How often the server looks for balance changes written by operator commands. */
const LEDGER_NOTICE_INTERVAL_MS = 500;

export const assetsModule: QuayModule<AssetsServices> = {
  name: 'assets',
  register({ app, services, store, config }) {
    const notices = new LedgerNoticeWatcher(store, services.spotHost, config.now, (err) =>
      app.log.error({ err }, 'reading ledger notices failed'),
    );
    if (runsWriters(config)) notices.start(LEDGER_NOTICE_INTERVAL_MS);
    app.addHook('onClose', async () => notices.stop());
    assetRoutes(app, services);
    withdrawBatchRoutes(app, services);
  },
};

export { LedgerService, creditDeposit, settleWithdrawal } from './ledger-service';
export { auditFunds } from './funds-audit';
export { ASSETS_FREEZE } from './ledger-freeze';
export type { AuditedMarkets, AuditedStore } from './funds-audit';

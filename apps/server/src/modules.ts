/**
 * Every product line of the exchange, in the order the app registers them:
 * a module's routes, channels and what it runs. Add a product line by adding
 * its folder under `modules/` and its line here (and its services in
 * `services.ts`, and its repositories and migrations, if it keeps data, in
 * `store.ts`). Spot market data starts before futures, whose simulator
 * follows it; modules close in the reverse order.
 */
import type { QuayModule } from './kernel/module';
import { accountsModule } from './modules/accounts';
import { apiKeysModule } from './modules/api-keys';
import { assetsModule } from './modules/assets';
import { contentModule } from './modules/content';
import { copyTradingModule } from './modules/copy-trading';
import { earnModule } from './modules/earn';
import { feesModule } from './modules/fees';
import { futuresModule } from './modules/futures';
import { marginModule } from './modules/margin';
import { marketDataModule } from './modules/market-data';
import { p2pModule } from './modules/p2p';
import { publicApiModule } from './modules/public-api';
import { redPacketsModule } from './modules/red-packets';
import { reservesModule } from './modules/reserves';
import { simulationModule } from './modules/simulation';
import { spotModule } from './modules/spot';
import { subAccountsModule } from './modules/sub-accounts';
import { swapModule } from './modules/swap';
import type { Services } from './services';
import type { Repositories } from './store';

export const MODULES: ReadonlyArray<QuayModule<Services, Repositories>> = [
  accountsModule,
  contentModule,
  feesModule,
  spotModule,
  assetsModule,
  marketDataModule,
  futuresModule,
  marginModule,
  earnModule,
  reservesModule,
  simulationModule,
  apiKeysModule,
  publicApiModule,
  subAccountsModule,
  swapModule,
  redPacketsModule,
  p2pModule,
  copyTradingModule,
];

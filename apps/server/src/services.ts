/**
 * The app's services, built once from the store and the configuration: the
 * kernel's (sessions, mail) and every module's. Modules read a slice of them
 * through their own `*-services.ts` interface.
 */
import { DEFAULT_LOCALE, Decimal } from '@quay/core';
import type { FastifyBaseLogger } from 'fastify';
import { isDemoCoin } from './kernel/coins';
import type { AppConfig } from './kernel/config';
import type { Bus } from './kernel/cluster/bus';
import { clusterPartsOf } from './cluster';
import type { AppStore as Store } from './store';
import { FeeRates } from './kernel/fee-rates';
import { Mailer } from './kernel/mailer';
import { serverMessage } from './kernel/messages';
import { toMinor } from './kernel/money';
import { SessionService } from './kernel/sessions';
import { StoreReplayMemory } from './kernel/replay-memory';
import {
  AccountSecurityService,
  LoginWaysService,
  AgencyService,
  LoginOptionsService,
  SystemLoginService,
  OidcLogin,
  ThirdPartyService,
  WalletLogin,
  AccountService,
  DeviceWatch,
  SYSTEM_PASSWORD_HASH,
  SecondFactorService,
  VerifyCodeService,
} from './modules/accounts';
import { ApiKeyService, apiKeySealingKey } from './modules/api-keys';
import { LedgerService } from './modules/assets';
import { ContentService } from './modules/content';
import { EarnService, earnSettingsOf } from './modules/earn';
import { FeesService } from './modules/fees';
import { FuturesHost, FuturesService, PerpMarkets } from './modules/futures';
import {
  MarginOrders,
  MarginRisk,
  MarginService,
  MarginTerms,
  marginSettingsOf,
} from './modules/margin';
import { createSpotMarketData, type MarketData } from './modules/market-data';
import { P2pOrders, P2pService } from './modules/p2p';
import { PublicApiService } from './modules/public-api';
import { ReservesService } from './modules/reserves';
import { DemoAccounts } from './modules/simulation';
import { SimulatorRuns } from './modules/simulator';
import { SpotHost, SpotMarkets, SpotService } from './modules/spot';
import {
  SubAccountService,
  SubAccountSettingsService,
  SubAccountSwitch,
} from './modules/sub-accounts';
import { SwapService, swapIntentKey, swapSettingsOf } from './modules/swap';
import { RedPacketsService, redPacketSettingsOf } from './modules/red-packets';
import { CopyTradingService, copyTradingSettingsOf } from './modules/copy-trading';

/** Every service, wired once per app from the store and the config. */
export interface Services {
  accounts: AccountService;
  secondFactor: SecondFactorService;
  /** Password change and reset, anti-phishing code, sessions, freezing. */
  accountSecurity: AccountSecurityService;
  loginWays: LoginWaysService;
  /** The new-device login confirmation; the password-free flag and the new-device check. */
  systemLogin: SystemLoginService;
  loginOptions: LoginOptionsService;
  /** Agencies' dashboards (the role is granted by the operator). */
  agency: AgencyService;
  /** Third-party and wallet sign-in: OpenID Connect, Telegram, Sign-In with Ethereum. */
  thirdParty: ThirdPartyService;
  oidcLogin: OidcLogin;
  walletLogin: WalletLogin;
  sessions: SessionService;
  verifyCodes: VerifyCodeService;
  content: ContentService;
  spotMarkets: SpotMarkets;
  /** The single writer of the spot books and the balances they use; `start()` it before use. */
  spotHost: SpotHost;
  spot: SpotService;
  /** Public data of the spot markets (tickers, klines, trades, depth); started by the market-data module. */
  marketData: MarketData;
  /** The running market simulators (spot, then the perpetuals): `tick(now)` steps them all once. */
  simulators: SimulatorRuns;
  ledger: LedgerService;
  /** Demo ledgers of simulation mode: the grant on first use, and reset. */
  demo: DemoAccounts;
  perpMarkets: PerpMarkets;
  /** The single writer of the perpetual books, positions and futures wallets; `start()` it before use. */
  futuresHost: FuturesHost;
  futures: FuturesService;
  /** API keys and the check of signed key requests. */
  apiKeys: ApiKeyService;
  /** What the public API answers in Bitget's shapes (spot balances). */
  publicApi: PublicApiService;
  /** VIP tiers and the rate table the engine hosts charge from. */
  fees: FeesService;
  margin: MarginService;
  marginOrders: MarginOrders;
  marginRisk: MarginRisk;
  /** A main account's sub-accounts, switching into them, and their settings. */
  subAccounts: SubAccountService;
  subAccountSwitch: SubAccountSwitch;
  subAccountSettings: SubAccountSettingsService;
  /** Web3 swap: pools, quotes, signed intents. */
  swap: SwapService;
  /** Red packets: escrow, claims, expiry refunds. */
  redPackets: RedPacketsService;
  /** Copy trading: leads, copies in the lead's futures batch, the daily profit share. */
  copyTrading: CopyTradingService;
  p2p: P2pService;
  p2pOrders: P2pOrders;
  /** Earn products, subscriptions and the daily settlement. */
  earn: EarnService;
  /** Proof of reserves: snapshots, the Merkle tree, users' proofs. */
  reserves: ReservesService;
  /** Throws unless the database answers a real round trip. */
  health(): Promise<void>;
  /** What /metrics tells of this process's part among several (ROLE). */
  clusterMetrics(): Record<string, number>;
  close(): Promise<void>;
}

export function createServices(
  store: Store,
  config: AppConfig,
  log: FastifyBaseLogger,
  bus: Bus | null = null,
): Services {
  const mailer: Mailer = new Mailer(
    {
      smtp: config.smtp,
      from: config.mailFrom,
      dataDir: config.dataDir,
      now: config.now,
      // Every mail opens with its account's anti-phishing code (set on /account/setting).
      antiPhishingCodeOf: (address: string): Promise<string | null> =>
        accountSecurity.antiPhishingCodeFor(address),
    },
    log,
  );
  const sessions = new SessionService(store, {
    ttl_s: config.sessionTtl_s,
    now: config.now,
    onBackgroundError: (err) => log.error({ err }, 'last-seen times of sessions not written'),
  });
  const verifyCodes = new VerifyCodeService(store, mailer, {
    resend_s: config.codeResend_s,
    now: config.now,
  });
  const devices = new DeviceWatch(store, mailer, config.now);
  const secondFactor = new SecondFactorService(store, verifyCodes, sessions, config.now, devices);
  const systemLogin = new SystemLoginService(
    store,
    verifyCodes,
    sessions,
    secondFactor,
    config.now,
    devices,
  );
  const accounts = new AccountService(
    store,
    verifyCodes,
    sessions,
    config.now,
    secondFactor,
    devices,
    systemLogin,
  );
  const loginOptions = new LoginOptionsService(store, secondFactor, config.now);
  const accountSecurity: AccountSecurityService = new AccountSecurityService(
    store,
    sessions,
    secondFactor,
    verifyCodes,
    mailer,
    config.now,
  );
  const loginWays = new LoginWaysService(store, sessions, secondFactor, config.now, devices);
  const thirdParty = new ThirdPartyService(store, accounts, secondFactor, verifyCodes, config.now);
  const oidcLogin = new OidcLogin(store, config.thirdPartyLogin.oidc, config.now);
  const walletLogin = new WalletLogin(store, config.now);
  const content = new ContentService(store, config.imageHosts, config.now);
  const spotMarkets = new SpotMarkets();
  const feeRates = new FeeRates();
  const perpMarkets = new PerpMarkets();
  const cluster = clusterPartsOf(store, config, log, bus, spotMarkets, perpMarkets);
  const spotHost = new SpotHost(store, spotMarkets, {
    now: config.now,
    feeRates,
    marketPriceBand_bps: config.marketPriceBand_bps,
    onError: (err, what) => log.error({ err }, what),
    link: cluster.spotLink,
  });
  cluster.attach(spotHost);
  const spot = new SpotService(store, spotHost, spotMarkets);
  // Valued at the best bid, what the coin would fetch now, until market data offers a last price.
  const usdtPrice = (coin: string): string | null => {
    const market = spotMarkets.get(isDemoCoin(coin) ? `${coin}SUSDT` : `${coin}USDT`);
    if (!market) return null;
    return spotHost.book(market.config.symbol, 1).bids[0]?.[0] ?? null;
  };
  const marketData = createSpotMarketData({ events: spotHost, spotMarkets, store, config, log });
  const ledger = new LedgerService(store, spotHost, { now: config.now, usdtPrice });
  // The index of a spot market: the mid of its book.
  const spotMid = (spotSymbol: string) => {
    if (!spotMarkets.get(spotSymbol)) return null;
    const book = spotHost.book(spotSymbol, 1);
    const bid = book.bids[0]?.[0];
    const ask = book.asks[0]?.[0];
    if (!bid || !ask) return null;
    return new Decimal(bid).plus(ask).div(2);
  };
  const seed = toMinor(config.protectionFundSeed);
  if (seed === null) throw new Error('PROTECTION_FUND_SEED must be a decimal amount');
  const futuresHost = new FuturesHost(store, perpMarkets, {
    now: config.now,
    fundingIntervalMs: config.fundingIntervalMs,
    feeRates,
    marketPriceBand_bps: config.marketPriceBand_bps,
    fundSeed: seed,
    // The index of a perpetual is its spot market's mid price.
    indexPrice: spotMid,
    onSpotCredit: (userIds) =>
      void spotHost.submit({ kind: 'notice', userIds }).catch(() => undefined),
    onError: (err, what) => log.error({ err }, what),
    link: cluster.futuresLink,
  });
  cluster.attachFutures(futuresHost);
  const futures = new FuturesService(
    store,
    futuresHost,
    spotHost,
    perpMarkets,
    config.fundingIntervalMs,
  );
  const marginSettings = marginSettingsOf(config.marginSettings);
  const marginTerms = new MarginTerms(marginSettings, spotMarkets, spotMid);
  const margin = new MarginService(store, spotHost, marginTerms);
  const marginOrders = new MarginOrders(store, spotHost, spot, margin, (err) =>
    log.error({ err }, 'margin auto-repay failed'),
  );
  const marginRisk = new MarginRisk(store, spotHost, marginTerms, {
    now: config.now,
    // No platform fund is seeded while the protection fund's seed is 0.
    seed: marginSettings.seed && seed > 0n,
    // A margin call by mail, in the default language (accounts keep no language of their own).
    mail: async (userId, params) => {
      const to = (await store.repos.users.byId(userId))?.email;
      if (!to) return;
      await mailer.send({
        channel: 'email',
        to,
        subject: serverMessage('MAIL_MARGIN_CALL_SUBJECT', DEFAULT_LOCALE, params),
        text: serverMessage('MAIL_MARGIN_CALL_BODY', DEFAULT_LOCALE, params),
      });
    },
    onError: (err, what) => log.error({ err }, what),
  });
  const swapSettings = swapSettingsOf(config.swapSettings);
  const swap = new SwapService(
    store,
    spotHost,
    // No pool is seeded while the protection fund's seed is 0 (the suites' ledger sums).
    { ...swapSettings, seed: swapSettings.seed && seed > 0n },
    config.now,
    swapIntentKey(config),
  );
  const redPackets = new RedPacketsService(
    store,
    spotHost,
    redPacketSettingsOf(config.redPacketSettings),
    config.now,
    (userId, codes, client) => secondFactor.confirmProductChange(userId, codes, client),
  );
  const demo = new DemoAccounts(
    store,
    spotHost,
    spot,
    ledger,
    spotMarkets,
    config.now,
    futuresHost,
    perpMarkets,
  );
  const p2p = new P2pService(store, spotHost, secondFactor, {
    now: config.now,
    // USDT stands for the US dollar; other fiat currencies have no index here (fixed prices only).
    index: (coin, fiat) => {
      if (fiat !== 'USD') return null;
      return coin === 'USDT' ? new Decimal(1) : spotMid(`${coin}USDT`);
    },
    coins: () => [
      'USDT',
      ...spotMarkets
        .all()
        .filter((m) => m.config.quote === 'USDT')
        .map((m) => m.config.base),
    ],
  });
  const p2pOrders = new P2pOrders(
    p2p,
    (err, what) => log.error({ err }, what),
    // A notice of each step by mail, in the default language (accounts keep no language of their own).
    async (userId, subject, text) => {
      const to = (await store.repos.users.byId(userId))?.email;
      if (to) await mailer.send({ channel: 'email', to, subject, text });
    },
  );
  const apiKeys = new ApiKeyService(
    store,
    secondFactor,
    apiKeySealingKey(config),
    config.now,
    (err) => log.error({ err }, 'api key request log write failed'),
    config.cluster.role === 'all' ? null : new StoreReplayMemory(store),
  );
  const fees = new FeesService(store, {
    now: config.now,
    usdtPrice,
    markets: [...spotMarkets.all(), ...perpMarkets.all()].map((m) => m.config),
    rates: feeRates,
    systemPasswordHash: SYSTEM_PASSWORD_HASH,
  });
  const subAccounts = new SubAccountService(store, sessions, ledger, spotHost, config.now);
  return {
    accounts,
    secondFactor,
    accountSecurity,
    loginWays,
    systemLogin,
    loginOptions,
    agency: new AgencyService(store, config.now, (userId, now) => fees.figuresOf(userId, now)),
    thirdParty,
    oidcLogin,
    walletLogin,
    sessions,
    verifyCodes,
    content,
    spotMarkets,
    spotHost,
    spot,
    marketData,
    simulators: new SimulatorRuns(),
    ledger,
    demo,
    perpMarkets,
    futuresHost,
    futures,
    apiKeys,
    publicApi: new PublicApiService(store, spotMarkets),
    fees,
    margin,
    marginOrders,
    marginRisk,
    subAccounts,
    subAccountSwitch: new SubAccountSwitch(store, sessions, subAccounts, config.now),
    subAccountSettings: new SubAccountSettingsService(
      store,
      sessions,
      subAccounts,
      accounts,
      apiKeys,
      config.now,
    ),
    swap,
    redPackets,
    copyTrading: new CopyTradingService(
      store,
      futuresHost,
      futures,
      spotHost,
      perpMarkets,
      copyTradingSettingsOf(config.copyTradingSettings),
      config.now,
      (err, what) => log.error({ err }, what),
    ),
    p2p,
    p2pOrders,
    earn: new EarnService(store, spotHost, earnSettingsOf(config.earnSettings), config.now),
    reserves: new ReservesService(store, config.now),
    health: () => store.ping(),
    clusterMetrics: () => cluster.metrics(),
    async close() {
      await cluster.close();
      await sessions.close();
      mailer.close();
      await store.close();
    },
  };
}

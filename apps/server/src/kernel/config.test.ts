import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_CACHE } from './campaign-cache-config';
import { ENV_VARS, loadConfig } from './config';

function jsonFile(value: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'quay-campaign-')), 'campaign.json');
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('configuration from the environment', () => {
  it('has a default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      smtp: null,
      mailFrom: 'Quay <no-reply@quay.local>',
      sessionTtl_s: 7 * 24 * 3600,
      logLevel: 'info',
      trustProxy: false,
      rateLimitLoginPerMin: 20,
      rateLimitCodePer10Min: 10,
      codeResend_s: 60,
      wsIdle_s: 60,
      simulator: true,
      simulatorSeed: 1,
      signClientOpen: true,
      rootKeyFile: null,
      serverKeyFile: null,
      deviceTokenRequired: true,
      deviceAppIds: ['quay-web', 'quay-web-test'],
      deviceTokenTtl_s: 14400,
      beta: false,
      marketPriceBand_bps: 500,
    });
    expect(config.webDist).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('reads every variable it lists, and lists every variable it reads', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/quay-config-test',
      DATABASE_URL: 'postgres://u@db:5432/quay?schema=s1',
      WEB_DIST: '/srv/web',
      SMTP_HOST: 'mail.example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      SMTP_USER: 'quay',
      SMTP_PASS: ' pass with spaces ',
      SMTP_TLS_VERIFY: 'false',
      MAIL_FROM: 'Desk <desk@example.com>',
      SESSION_TTL_S: '3600',
      LOG_LEVEL: 'WARN',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      PUBLIC_ORIGINS: 'https://quay.example, https://www.quay.example/',
      METRICS: 'off',
      DOCS: 'on',
      OPS_TOKEN: 'ops-secret',
      RATE_LIMIT_LOGIN_PER_MIN: '5',
      RATE_LIMIT_CODE_PER_10MIN: '3',
      CODE_RESEND_S: '30',
      WS_IDLE_S: '120',
      SIMULATOR: 'off',
      SIMULATOR_SEED: '4242',
      SIMULATOR_MINUTE_VOLATILITY: '0.02',
      FUNDING_INTERVAL_MS: '60000',
      MARK_INTERVAL_MS: '500',
      MARKET_PRICE_BAND_BPS: '250',
      PROTECTION_FUND_SEED: '2500.5',
      MARGIN_SETTINGS: '{"crossMaxLeverage":5}',
      SIGN_CLIENT_OPEN: 'off',
      ROOT_KEY_FILE: '/etc/quay/root-key.pem',
      SERVER_KEY_FILE: '/etc/quay/server-key.pem',
      DEVICE_TOKEN_REQUIRED: 'off',
      DEVICE_APP_ID: 'app-prod, app-test',
      DEVICE_TOKEN_TTL_S: '600',
      ROLE: 'engine',
      MARKETS: 'BTCUSDT',
      NATS_URL: 'nats://bus:4222',
      REDIS_URL: 'redis://counters:6379',
      CLUSTER_NAME: 'eu1',
      BETA: 'on',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/tmp/quay-config-test',
      databaseUrl: 'postgres://u@db:5432/quay?schema=s1',
      webDist: '/srv/web',
      smtp: {
        host: 'mail.example.com',
        port: 465,
        secure: true,
        user: 'quay',
        pass: ' pass with spaces ',
        tlsVerify: false,
      },
      mailFrom: 'Desk <desk@example.com>',
      sessionTtl_s: 3600,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      publicOrigins: ['https://quay.example', 'https://www.quay.example'],
      webauthnRpId: '',
      webauthnOrigins: [],
      metrics: false,
      docs: true,
      opsToken: 'ops-secret',
      rateLimitLoginPerMin: 5,
      rateLimitCodePer10Min: 3,
      codeResend_s: 30,
      wsIdle_s: 120,
      simulator: false,
      simulatorSeed: 4242,
      simulatorMinuteVolatility: 0.02,
      fundingIntervalMs: 60000,
      markIntervalMs: 500,
      marketPriceBand_bps: 250,
      protectionFundSeed: '2500.5',
      marginSettings: '{"crossMaxLeverage":5}',
      swapSettings: '',
      redPacketSettings: '',
      copyTradingSettings: '',
      signClientOpen: false,
      rootKeyFile: '/etc/quay/root-key.pem',
      serverKeyFile: '/etc/quay/server-key.pem',
      deviceTokenRequired: false,
      deviceAppIds: ['app-prod', 'app-test'],
      deviceTokenTtl_s: 600,
      cluster: {
        role: 'engine',
        markets: ['BTCUSDT'],
        natsUrl: 'nats://bus:4222',
        redisUrl: 'redis://counters:6379',
        name: 'eu1',
      },
      beta: true,
    });
    expect(ENV_VARS.map((v) => v.name).sort()).toEqual(
      [
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'ROLE',
        'MARKETS',
        'NATS_URL',
        'REDIS_URL',
        'CLUSTER_NAME',
        'WEB_DIST',
        'SMTP_HOST',
        'SMTP_PORT',
        'SMTP_SECURE',
        'SMTP_USER',
        'SMTP_PASS',
        'SMTP_TLS_VERIFY',
        'MAIL_FROM',
        'SESSION_TTL_S',
        'LOG_LEVEL',
        'TRUST_PROXY',
        'PUBLIC_ORIGINS',
        'WEBAUTHN_RP_ID',
        'WEBAUTHN_ORIGINS',
        'OIDC_PROVIDERS',
        'TELEGRAM_BOT_TOKEN',
        'TELEGRAM_BOT_NAME',
        'TELEGRAM_AUTH_MAX_AGE_S',
        'WALLET_LOGIN_CHAIN_IDS',
        'WALLET_LOGIN_ORIGIN',
        'METRICS',
        'DOCS',
        'OPS_TOKEN',
        'SIMULATOR_MINUTE_VOLATILITY',
        'FUNDING_INTERVAL_MS',
        'MARK_INTERVAL_MS',
        'MARKET_PRICE_BAND_BPS',
        'PROTECTION_FUND_SEED',
        'MARGIN_SETTINGS',
        'SWAP_SETTINGS',
        'RED_PACKET_SETTINGS',
        'COPY_TRADING_SETTINGS',
        'EARN_SETTINGS',
        'RATE_LIMIT_LOGIN_PER_MIN',
        'RATE_LIMIT_CODE_PER_10MIN',
        'RATE_LIMIT_KEY_PER_10MIN',
        'CODE_RESEND_S',
        'WS_IDLE_S',
        'PRODUCT_DOMAINS',
        'IMAGE_HOSTS',
        'APP_DOWNLOAD_IOS',
        'APP_DOWNLOAD_ANDROID',
        'APP_DOWNLOAD_APK',
        'CAMPAIGN_CACHE_FILE',
        'SIMULATOR',
        'SIMULATOR_SEED',
        'SIGN_CLIENT_OPEN',
        'ROOT_KEY_FILE',
        'SERVER_KEY_FILE',
        'DEVICE_TOKEN_REQUIRED',
        'DEVICE_APP_ID',
        'DEVICE_TOKEN_TTL_S',
        'BETA',
      ].sort(),
    );
  });

  it('turns /metrics and /docs off in production unless asked', () => {
    expect(loadConfig({})).toMatchObject({ metrics: true, docs: true, opsToken: '' });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ metrics: false, docs: false });
    expect(loadConfig({ NODE_ENV: 'production', METRICS: 'on' }).metrics).toBe(true);
    expect(() => loadConfig({ PUBLIC_ORIGINS: 'quay.example' })).toThrow(/PUBLIC_ORIGINS/);
  });

  it('reads SIMULATOR as on or off', () => {
    expect(loadConfig({ SIMULATOR: 'off' }).simulator).toBe(false);
    expect(loadConfig({ SIMULATOR: 'false' }).simulator).toBe(false);
    expect(loadConfig({ SIMULATOR: 'ON' }).simulator).toBe(true);
    expect(loadConfig({ SIMULATOR: '' }).simulator).toBe(true);
  });

  it('reads TRUST_PROXY as on, off or a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('refuses values it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: '80a' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_TTL_S: '0' })).toThrow(/SESSION_TTL_S/);
    expect(() => loadConfig({ SESSION_TTL_S: '-5' })).toThrow(/SESSION_TTL_S/);
    expect(() => loadConfig({ SMTP_HOST: 'mail', SMTP_SECURE: 'maybe' })).toThrow(/SMTP_SECURE/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_MIN: '0' })).toThrow(/RATE_LIMIT_LOGIN_PER_MIN/);
    expect(() => loadConfig({ SIMULATOR: 'sometimes' })).toThrow(/SIMULATOR/);
    expect(() => loadConfig({ SIMULATOR_SEED: '-1' })).toThrow(/SIMULATOR_SEED/);
    expect(() => loadConfig({ SIMULATOR_SEED: '4294967296' })).toThrow(/SIMULATOR_SEED/);
    expect(() => loadConfig({ MARKET_PRICE_BAND_BPS: '0' })).toThrow(/MARKET_PRICE_BAND_BPS/);
    expect(() => loadConfig({ MARKET_PRICE_BAND_BPS: '5001' })).toThrow(/MARKET_PRICE_BAND_BPS/);
    expect(() => loadConfig({ MARKET_PRICE_BAND_BPS: '2.5' })).toThrow(/MARKET_PRICE_BAND_BPS/);
  });

  it('reads the product domains, image hosts and campaign-cache rules', () => {
    const defaults = loadConfig({});
    expect(defaults.productDomains).toEqual([]);
    expect(defaults.imageHosts).toEqual([]);
    expect(defaults.campaignCache).toEqual(DEFAULT_CAMPAIGN_CACHE);
    expect(DEFAULT_CAMPAIGN_CACHE).toMatchObject({ open: true, cacheEffectiveTime: 30 });

    const file = jsonFile({
      open: false,
      cacheEffectiveTime: 7,
      cacheBeginTime: 1_700_000_000_000,
      channelCodeList: [{ channelCode: 'partnerA', cacheEffectiveTime: 14 }],
      activeLinkList: [
        {
          activeLink: '/register?actCode=spring',
          cacheEffectiveTime: 3,
          activeLinkEndTime: 1_900_000_000_000,
        },
      ],
    });
    const config = loadConfig({
      PRODUCT_DOMAINS: 'Quay.example, quay-mirror.example',
      IMAGE_HOSTS: 'https://img1.quay.example/, http://127.0.0.1:8081',
      CAMPAIGN_CACHE_FILE: file,
    });
    expect(config.productDomains).toEqual(['quay.example', 'quay-mirror.example']);
    expect(config.imageHosts).toEqual(['https://img1.quay.example', 'http://127.0.0.1:8081']);
    expect(config.campaignCache).toEqual({
      open: false,
      cacheEffectiveTime: 7,
      cacheBeginTime: 1_700_000_000_000,
      cacheEndTime: null,
      channelCodeList: [
        {
          channelCode: 'partnerA',
          cacheEffectiveTime: 14,
          channelCodeBeginTime: null,
          channelCodeEndTime: null,
        },
      ],
      activeLinkList: [
        {
          activeLink: '/register?actCode=spring',
          cacheEffectiveTime: 3,
          activeLinkBeginTime: null,
          activeLinkEndTime: 1_900_000_000_000,
        },
      ],
    });
  });

  it('refuses unusable domains, image hosts and campaign files', () => {
    expect(() => loadConfig({ PRODUCT_DOMAINS: 'https://quay.example' })).toThrow(
      /PRODUCT_DOMAINS/,
    );
    expect(() => loadConfig({ PRODUCT_DOMAINS: 'bad domain' })).toThrow(/PRODUCT_DOMAINS/);
    expect(() => loadConfig({ IMAGE_HOSTS: 'img.quay.example' })).toThrow(/IMAGE_HOSTS/);
    expect(() => loadConfig({ IMAGE_HOSTS: 'ftp://img.quay.example' })).toThrow(/IMAGE_HOSTS/);
    for (const host of [
      'https://img.quay.example/path',
      'https://img.quay.example?v=1',
      'https://img.quay.example#top',
      'https://user@img.quay.example',
      'https://img.quay.example:99999',
      'https://img1.quay.example,https://IMG1.quay.example/',
    ]) {
      expect(() => loadConfig({ IMAGE_HOSTS: host }), host).toThrow(/IMAGE_HOSTS/);
    }
    for (const link of [
      'http://apps.quay.example/ios',
      'apps.quay.example',
      'https://u@x.example',
    ]) {
      expect(() => loadConfig({ APP_DOWNLOAD_IOS: link }), link).toThrow(/APP_DOWNLOAD_IOS/);
    }
    expect(
      loadConfig({ APP_DOWNLOAD_APK: 'https://DL.quay.example/quay.apk' }).appDownloads,
    ).toEqual({ ios: '', android: '', apk: 'https://dl.quay.example/quay.apk' });
    expect(() => loadConfig({ CAMPAIGN_CACHE_FILE: '/nonexistent/campaign.json' })).toThrow(
      /CAMPAIGN_CACHE_FILE/,
    );
    expect(() => loadConfig({ CAMPAIGN_CACHE_FILE: jsonFile('{not json') })).toThrow(
      /CAMPAIGN_CACHE_FILE/,
    );
    const bad = [
      { cacheEffectiveTime: 30 },
      { open: 'yes', cacheEffectiveTime: 30 },
      { open: true, cacheEffectiveTime: -1 },
      { open: true, cacheEffectiveTime: 1.5 },
      { open: true, cacheEffectiveTime: 30, extra: 1 },
      {
        open: true,
        cacheEffectiveTime: 30,
        channelCodeList: [{ channelCode: 'a b', cacheEffectiveTime: 1 }],
      },
      {
        open: true,
        cacheEffectiveTime: 30,
        activeLinkList: [{ activeLink: '', cacheEffectiveTime: 1 }],
      },
      { open: true, cacheEffectiveTime: 30, cacheEndTime: 'tomorrow' },
      { open: true, cacheEffectiveTime: 30, cacheBeginTime: 2_000, cacheEndTime: 1_000 },
      [],
      {
        open: true,
        cacheEffectiveTime: 30,
        channelCodeList: [{ channelCode: 'a', cacheEffectiveTime: 1, channelCodeEndTme: 5 }],
      },
      { open: true, cacheEffectiveTime: 30, channelCodeList: ['partnerA'] },
      {
        open: true,
        cacheEffectiveTime: 30,
        activeLinkList: [
          {
            activeLink: '/register',
            cacheEffectiveTime: 1,
            activeLinkBeginTime: 5,
            activeLinkEndTime: 4,
          },
        ],
      },
    ];
    for (const value of bad) {
      expect(() => loadConfig({ CAMPAIGN_CACHE_FILE: jsonFile(value) })).toThrow(
        /CAMPAIGN_CACHE_FILE/,
      );
    }
  });

  it('reads third-party sign-in settings, off when unset, and refuses unusable ones', () => {
    expect(loadConfig({}).thirdPartyLogin).toEqual({
      oidc: [],
      telegramBotToken: '',
      telegramBotName: '',
      telegramAuthMaxAge_s: 3600,
      walletChainIds: [],
      walletOrigin: '',
    });
    const provider = {
      id: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'client',
      clientSecret: 'secret',
      redirectUri: 'https://quay.example/login/oauth/callback',
    };
    const config = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([provider, { ...provider, id: 'apple', style: 'apple' }]),
      TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      WALLET_LOGIN_CHAIN_IDS: '1, 8453',
      WALLET_LOGIN_ORIGIN: 'https://quay.example/',
    }).thirdPartyLogin;
    expect(config.oidc.map((p) => [p.id, p.name, p.style, p.scope])).toEqual([
      ['google', 'google', 'google', 'openid email profile'],
      ['apple', 'apple', 'apple', 'openid email profile'],
    ]);
    expect(config.walletChainIds).toEqual([1, 8453]);
    expect(config.walletOrigin).toBe('https://quay.example');
    expect(() => loadConfig({ OIDC_PROVIDERS: '{' })).toThrow(/OIDC_PROVIDERS/);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([provider, provider]) })).toThrow(
      /lists google twice/,
    );
    expect(() =>
      loadConfig({ OIDC_PROVIDERS: JSON.stringify([{ ...provider, issuer: 'ftp://x' }]) }),
    ).toThrow(/issuer/);
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ WALLET_LOGIN_CHAIN_IDS: '1,x' })).toThrow(/WALLET_LOGIN_CHAIN_IDS/);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Announcement,
  AnnouncementSummary,
  Banner,
  CoinInfo,
  Page,
  PlatformConfig,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import { serverMessage } from '../../kernel/messages';
import { STORES, call, startApp, type TestApp } from '../../test/harness';

function campaignFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'quay-campaign-')), 'campaign.json');
  writeFileSync(
    file,
    JSON.stringify({
      open: false,
      cacheEffectiveTime: 10,
      channelCodeList: [{ channelCode: 'partnerA', cacheEffectiveTime: 7 }],
      activeLinkList: [],
    }),
  );
  return file;
}

describe.each(STORES)('public content on %s', (store) => {
  let plain: TestApp;
  let hosted: TestApp;

  beforeAll(async () => {
    plain = await startApp(store);
    hosted = await startApp(store, {
      IMAGE_HOSTS: 'https://img1.quay.example,https://img2.quay.example',
      PRODUCT_DOMAINS: 'quay.example',
      CAMPAIGN_CACHE_FILE: campaignFile(),
      APP_DOWNLOAD_IOS: 'https://apps.quay.example/ios',
      APP_DOWNLOAD_APK: 'https://download.quay.example/quay.apk',
    });
  });
  afterAll(async () => {
    await plain?.close();
    await hosted?.close();
  });

  it('serves the platform configuration the web app starts with', async () => {
    const defaults = await call<PlatformConfig>(plain.app, 'GET', '/v1/public/platform-config');
    expect(defaults.data).toEqual({
      productDomains: [],
      imageHosts: [],
      imageProbePath: '/static/probe.png',
      campaignCache: {
        open: true,
        cacheEffectiveTime: 30,
        channelCodeList: [],
        activeLinkList: [],
      },
      appDownloads: { ios: '', android: '', apk: '' },
    });
    const configured = await call<PlatformConfig>(
      hosted.app,
      'GET',
      '/v1/public/platform-config?languageType=0',
    );
    expect(configured.data.productDomains).toEqual(['quay.example']);
    expect(configured.data.imageHosts).toEqual([
      'https://img1.quay.example',
      'https://img2.quay.example',
    ]);
    expect(configured.data.campaignCache).toMatchObject({
      open: false,
      cacheEffectiveTime: 10,
      channelCodeList: [{ channelCode: 'partnerA', cacheEffectiveTime: 7 }],
    });
    expect(configured.data.appDownloads).toEqual({
      ios: 'https://apps.quay.example/ios',
      android: '',
      apk: 'https://download.quay.example/quay.apk',
    });
  });

  it('names images on the first image host, or relative to the page without one', async () => {
    const coins = await call<CoinInfo[]>(plain.app, 'GET', '/v1/public/coins');
    expect(coins.data.map((c) => c.coin)).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'USDT']);
    expect(coins.data[0]).toMatchObject({ name: 'Bitcoin', iconUrl: '/static/coins/btc.svg' });
    expect(coins.data[0]?.descriptionHtml).toContain('21 million');
    // In simulation mode the demo twins are listed too, and named as demo coins.
    const demo = await call<CoinInfo[]>(plain.app, 'GET', '/v1/public/coins', undefined, {
      'x-simulated': '1',
    });
    const named = new Map(demo.data.map((c) => [c.coin, c]));
    expect(named.get('SUSDT')).toMatchObject({
      name: 'Demo Tether',
      iconUrl: '/static/coins/usdt.svg',
    });
    expect(named.get('SBTC')?.name).toBe('Demo Bitcoin');
    expect(named.get('SBTC')?.descriptionHtml).toMatch(/demo coin of simulation mode/i);
    expect(named.get('BTC')?.name).toBe('Bitcoin');
    const hostedCoins = await call<CoinInfo[]>(hosted.app, 'GET', '/v1/public/coins');
    expect(hostedCoins.data[1]?.iconUrl).toBe('https://img1.quay.example/static/coins/eth.svg');

    const banners = await call<Banner[]>(hosted.app, 'GET', '/v1/public/banners');
    expect(banners.data).toHaveLength(3);
    for (const b of banners.data) {
      expect(b.imageUrl).toMatch(/^https:\/\/img1\.quay\.example\/static\/banners\/[a-z-]+\.svg$/);
    }
    // In-app links; those naming an announcement name one that exists.
    expect(banners.data.map((b) => b.link)).toEqual([
      '/register',
      '/announcement/security-phishing-notice',
      '/announcement/fee-schedule',
    ]);
    for (const b of banners.data.filter((b) => b.link.startsWith('/announcement/'))) {
      const id = b.link.slice('/announcement/'.length);
      const linked = await call<Announcement>(hosted.app, 'GET', `/v1/public/announcements/${id}`);
      expect(linked.code, b.link).toBe('0');
      expect(linked.data.bannerUrl).toBe(b.imageUrl);
    }
    const plainBanners = await call<Banner[]>(plain.app, 'GET', '/v1/public/banners');
    expect(plainBanners.data.map((b) => b.imageUrl)).toEqual([
      '/static/banners/spot-launch.svg',
      '/static/banners/security.svg',
      '/static/banners/fees.svg',
    ]);
    const announcements = await call<Page<AnnouncementSummary>>(
      hosted.app,
      'GET',
      '/v1/public/announcements',
    );
    for (const a of announcements.data.items) {
      expect(a.bannerUrl).toMatch(/^https:\/\/img1\.quay\.example\/static\/banners\//);
    }
  });

  it('serves the images it names, cacheable and loadable from any origin; a missing one is 404', async () => {
    const coins = await call<CoinInfo[]>(plain.app, 'GET', '/v1/public/coins');
    const banners = await call<Banner[]>(plain.app, 'GET', '/v1/public/banners');
    for (const url of [
      ...coins.data.map((c) => c.iconUrl),
      ...banners.data.map((b) => b.imageUrl),
      '/static/probe.png',
    ]) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/(svg\+xml|png)/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const probe = await plain.app.inject({ method: 'GET', url: '/static/probe.png' });
    expect(probe.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const missing = await plain.app.inject({ method: 'GET', url: '/static/coins/doge.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
    const escape = await plain.app.inject({ method: 'GET', url: '/static/../src/config.ts' });
    expect(escape.statusCode).toBe(404);
  });

  it('starts with its opening announcements, newest first, paged', async () => {
    const first = await call<Page<AnnouncementSummary>>(
      plain.app,
      'GET',
      '/v1/public/announcements?pageNo=1&pageSize=2',
    );
    expect(first.data.total).toBe(3);
    expect(first.data.items).toHaveLength(2);
    expect(first.data.items[0]?.publishedAt).toBeGreaterThan(first.data.items[1]?.publishedAt ?? 0);
    expect(first.data.items[0]?.bannerUrl).toMatch(/^\/static\/banners\//);
    const second = await call<Page<AnnouncementSummary>>(
      plain.app,
      'GET',
      '/v1/public/announcements?pageNo=2&pageSize=2',
    );
    expect(second.data.items).toHaveLength(1);
    const ids = [...first.data.items, ...second.data.items].map((a) => a.id);
    expect(new Set(ids).size).toBe(3);

    const one = await call<Announcement>(
      plain.app,
      'GET',
      `/v1/public/announcements/${ids[0] ?? ''}`,
    );
    expect(one.data.title).toBe(first.data.items[0]?.title);
    expect(one.data.bodyHtml).toMatch(/<table>/);
  });

  it('answers an unknown announcement in the caller language, and refuses bad paging', async () => {
    const unknown = await call(
      plain.app,
      'GET',
      '/v1/public/announcements/00000000-0000-0000-0000-000000000000?languageType=1',
    );
    expect(unknown.code).toBe('12001');
    expect(unknown.status).toBe('error');
    expect(unknown.msg).toBe(serverMessage('ANNOUNCEMENT_NOT_FOUND', 'zh-CN'));
    for (const query of ['pageSize=51', 'pageSize=0', 'pageNo=0', 'pageNo=abc', 'page=2']) {
      const res = await call(plain.app, 'GET', `/v1/public/announcements?${query}`);
      expect(res.http, query).toBe(400);
    }
    const badId = await call(plain.app, 'GET', '/v1/public/announcements/%3Cscript%3E');
    expect(badId.http).toBe(400);
  });

  it('publishes an announcement from the operator command with its HTML as written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quay-cli-'));
    const body = '<p>Maintenance</p><img src=x onerror=alert(1)>';
    writeFileSync(join(dir, 'body.html'), body);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const env = {
      DATA_DIR: plain.dataDir,
      ...(plain.config.databaseUrl ? { DATABASE_URL: plain.config.databaseUrl } : {}),
    };
    const code = await runCli(
      [
        'announce',
        '--title',
        'Wallet maintenance',
        '--body-file',
        join(dir, 'body.html'),
        '--banner',
        'banners/security.svg',
      ],
      io,
      env,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const id = out.at(-1) ?? '';
    const shown = await call<Announcement>(plain.app, 'GET', `/v1/public/announcements/${id}`);
    expect(shown.data).toMatchObject({
      title: 'Wallet maintenance',
      bodyHtml: body,
      bannerUrl: '/static/banners/security.svg',
    });
    const list = await call<Page<AnnouncementSummary>>(
      plain.app,
      'GET',
      '/v1/public/announcements',
    );
    expect(list.data.items[0]?.id).toBe(id);

    // Wrong uses change nothing and say why.
    const before = await plain.count('announcements');
    const cases: string[][] = [
      ['announce', '--title', 'No body'],
      ['announce', '--title', '', '--body-file', join(dir, 'body.html')],
      ['announce', '--title', 'x', '--body-file', join(dir, 'missing.html')],
      ['announce', '--title', 'x', '--body-file', join(dir, 'body.html'), '--banner', '../secret'],
      ['announce', '--title', 'x', '--colour', 'red'],
      ['launch-rockets'],
    ];
    for (const args of cases) {
      err.length = 0;
      expect(await runCli(args, io, env), args.join(' ')).toBe(2);
      expect(err.join('\n')).toMatch(/Usage|Unknown command/);
    }
    expect(await plain.count('announcements')).toBe(before);
  });
});

/**
 * Public content: coins with their icons and descriptions, home banners and
 * announcements. Image URLs name the first configured image host, or are
 * relative to the page when none is configured; the web app probes the
 * hosts and moves images to the fastest (spec section 7).
 */
import {
  demoCoinNameOf,
  demoCoinOf,
  type Announcement,
  type AnnouncementSummary,
  type Banner,
  type CoinInfo,
  type Page,
} from '@quay/core';
import type { LedgerSide } from '../../kernel/coins';
import { isShippedBanner, shippedBanners } from '../../kernel/http/static-files';
import type { ContentStore as Store } from './content-repositories';
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';

export const ANNOUNCEMENT_TITLE_MAX = 200;
/** Bodies are articles, not files: 200 000 characters is several long pages. */
export const ANNOUNCEMENT_BODY_MAX = 200_000;

interface CoinEntry {
  coin: string;
  name: string;
  descriptionHtml: string;
}

const COINS: readonly CoinEntry[] = [
  {
    coin: 'BTC',
    name: 'Bitcoin',
    descriptionHtml: `<p><strong>Bitcoin</strong> is the first decentralised digital currency. It was described in a 2008 white paper by the pseudonymous Satoshi Nakamoto, and its network went live in January 2009.</p>
<p>Transactions are recorded on a public ledger, the blockchain, secured by proof-of-work mining. Roughly every ten minutes a miner adds a block and receives newly issued bitcoin plus the fees of the transactions it includes.</p>
<ul>
<li>Supply is capped at 21 million BTC.</li>
<li>The block subsidy halves every 210,000 blocks, about every four years.</li>
<li>The smallest unit, one hundred-millionth of a bitcoin, is called a satoshi.</li>
</ul>
<p>Learn more at <a href="https://bitcoin.org" target="_blank">bitcoin.org</a>.</p>`,
  },
  {
    coin: 'ETH',
    name: 'Ethereum',
    descriptionHtml: `<p><strong>Ethereum</strong> is a programmable blockchain launched in July 2015. Beyond payments, it runs smart contracts: programs that hold and move value according to their code, which power decentralised exchanges, lending markets, stablecoins and NFTs.</p>
<p>Ether (ETH) pays for computation and storage on the network, measured in gas. Since <em>The Merge</em> in September 2022, Ethereum is secured by proof of stake, which cut its energy use by more than 99%.</p>
<ul>
<li>Blocks every 12 seconds.</li>
<li>Part of every transaction fee is burned, offsetting new issuance.</li>
<li>Thousands of tokens follow its ERC-20 standard.</li>
</ul>
<p>Learn more at <a href="https://ethereum.org" target="_blank">ethereum.org</a>.</p>`,
  },
  {
    coin: 'SOL',
    name: 'Solana',
    descriptionHtml: `<p><strong>Solana</strong> is a high-throughput blockchain whose mainnet beta launched in March 2020. It combines proof of stake with <em>proof of history</em>, a verifiable clock that lets validators agree on the order of events without waiting for each other.</p>
<p>SOL pays transaction fees and is staked to secure the network. Blocks are produced about every 400 milliseconds and fees are typically a fraction of a cent, which has made Solana popular for payments, trading and consumer applications.</p>
<p>Learn more at <a href="https://solana.com" target="_blank">solana.com</a>.</p>`,
  },
  {
    coin: 'XRP',
    name: 'XRP',
    descriptionHtml: `<p><strong>XRP</strong> is the native asset of the XRP Ledger, an open-source blockchain launched in 2012 and built for fast, low-cost settlement. Instead of mining, its validators reach agreement through a consensus protocol, and ledgers close every three to five seconds.</p>
<ul>
<li>100 billion XRP were created at launch; none are mined.</li>
<li>A tiny amount of XRP is destroyed with every transaction to deter spam.</li>
<li>The ledger has a built-in decentralised exchange.</li>
</ul>
<p>Learn more at <a href="https://xrpl.org" target="_blank">xrpl.org</a>.</p>`,
  },
  {
    coin: 'USDT',
    name: 'Tether',
    descriptionHtml: `<p><strong>Tether (USDT)</strong> is a stablecoin designed to hold a value of one US dollar. Issued since 2014, it is backed by reserves that its issuer reports on regularly, and it is the most traded digital asset by volume.</p>
<p>USDT circulates on several blockchains, including Ethereum, Tron and Solana. On Quay it is the quote currency of the spot markets and the margin currency of USDT-margined perpetual futures.</p>
<p>Learn more at <a href="https://tether.to" target="_blank">tether.to</a>.</p>`,
  },
];

/** What a demo coin's description opens with: it is play money of simulation mode. */
const DEMO_COIN_NOTE =
  '<p><strong>A demo coin of simulation mode.</strong> It stands for {coin} on the demo ledger only: it has no value and can be neither deposited nor withdrawn.</p>';

/**
 * Home banners. A banner about an opening announcement links to it while it
 * exists (it does from the first start on), else to the announcement list.
 */
const BANNERS: ReadonlyArray<{
  id: string;
  title: string;
  image: string;
  link: string;
  announcementId?: string;
}> = [
  {
    id: 'spot-launch',
    title: 'Spot trading on BTC, ETH, SOL and XRP',
    image: 'banners/spot-launch.svg',
    link: '/register',
  },
  {
    id: 'security',
    title: 'Your account, protected: set your anti-phishing code',
    image: 'banners/security.svg',
    link: '/announcement',
    announcementId: 'security-phishing-notice',
  },
  {
    id: 'fees',
    title: 'Low fees from 0.1%, lower with VIP levels',
    image: 'banners/fees.svg',
    link: '/announcement',
    announcementId: 'fee-schedule',
  },
];

const DAY_MS = 86_400_000;

/**
 * The announcements a new exchange starts with, newest last. Their ids are
 * fixed so that banners can link to them and two processes seeding the same
 * empty store at once cannot publish them twice.
 */
const SEED_ANNOUNCEMENTS: ReadonlyArray<{
  id: string;
  title: string;
  bodyHtml: string;
  banner: string;
  daysAgo: number;
}> = [
  {
    id: 'spot-markets-open',
    title: 'Quay lists BTC, ETH, SOL and XRP spot markets',
    banner: 'banners/spot-launch.svg',
    daysAgo: 3,
    bodyHtml: `<p>Dear Quay users,</p>
<p>Spot trading is open on four markets, all quoted in USDT:</p>
<table><thead><tr><th>Market</th><th>Price tick</th><th>Minimum order</th></tr></thead>
<tbody><tr><td>BTC/USDT</td><td>0.01</td><td>5 USDT</td></tr><tr><td>ETH/USDT</td><td>0.01</td><td>5 USDT</td></tr><tr><td>SOL/USDT</td><td>0.001</td><td>5 USDT</td></tr><tr><td>XRP/USDT</td><td>0.0001</td><td>5 USDT</td></tr></tbody></table>
<h3>How to start</h3>
<ol><li>Create an account with your email or mobile number.</li><li>Deposit USDT or any listed coin.</li><li>Open the spot page and place a limit or market order.</li></ol>
<p>Thank you for trading on Quay.</p>`,
  },
  {
    id: 'security-phishing-notice',
    title: 'Security notice: beware of phishing',
    banner: 'banners/security.svg',
    daysAgo: 2,
    bodyHtml: `<p>Scammers imitate exchanges by email, text message and fake websites to steal logins and verification codes.</p>
<h3>Protect your account</h3>
<ul><li><strong>Never share</strong> a verification code, even with someone who says they work for Quay.</li><li>Check the address bar before you log in, and bookmark the official site.</li><li>Set an anti-phishing code: every genuine email from us will show it.</li><li>Turn on two-factor authentication in your account settings.</li></ul>
<blockquote>Quay staff will never ask for your password or codes.</blockquote>`,
  },
  {
    id: 'fee-schedule',
    title: 'Fee schedule: maker 0.1%, taker 0.1%',
    banner: 'banners/fees.svg',
    daysAgo: 1,
    bodyHtml: `<p>Spot trading fees start at <strong>0.1%</strong> for makers and takers. Higher VIP levels, reached by 30-day trading volume, pay less.</p>
<table><thead><tr><th>Level</th><th>30-day volume (USDT)</th><th>Maker</th><th>Taker</th></tr></thead>
<tbody><tr><td>Regular</td><td>&lt; 1,000,000</td><td>0.100%</td><td>0.100%</td></tr><tr><td>VIP 1</td><td>≥ 1,000,000</td><td>0.090%</td><td>0.100%</td></tr><tr><td>VIP 2</td><td>≥ 5,000,000</td><td>0.080%</td><td>0.090%</td></tr></tbody></table>
<p>Fees are charged in the asset you receive.</p>`,
  },
];

/** An announcement that cannot be published as given; the message says why. */
export class AnnouncementRefused extends Error {}

export interface AnnounceInput {
  title: string;
  bodyHtml: string;
  bannerPath: string | null;
  publishedAt?: number;
}

export class ContentService {
  constructor(
    private readonly store: Store,
    private readonly imageHosts: readonly string[],
    private readonly now: () => number,
  ) {}

  /** The URL of an image under /static: on the first image host, else relative to the page. */
  imageUrl(path: string): string {
    return `${this.imageHosts[0] ?? ''}/static/${path}`;
  }

  /**
   * The listed coins; in simulation mode (`side` demo) followed by their demo
   * twins, named as such (`SUSDT`, "Demo Tether") with the real coin's icon.
   */
  coins(side: LedgerSide = 'real'): CoinInfo[] {
    const real = COINS.map((c) => ({
      coin: c.coin,
      name: c.name,
      iconUrl: this.imageUrl(`coins/${c.coin.toLowerCase()}.svg`),
      descriptionHtml: c.descriptionHtml,
    }));
    if (side === 'real') return real;
    return [
      ...real,
      ...real.map((c) => ({
        ...c,
        coin: demoCoinOf(c.coin),
        name: demoCoinNameOf(c.name),
        descriptionHtml: `${DEMO_COIN_NOTE.replace('{coin}', c.coin)}\n${c.descriptionHtml}`,
      })),
    ];
  }

  async banners(): Promise<Banner[]> {
    const linked = BANNERS.flatMap((b) => (b.announcementId ? [b.announcementId] : []));
    const existing = await this.store.repos.announcements.existing(linked);
    return BANNERS.map((b) => ({
      id: b.id,
      title: b.title,
      imageUrl: this.imageUrl(b.image),
      link:
        b.announcementId && existing.has(b.announcementId)
          ? `/announcement/${b.announcementId}`
          : b.link,
    }));
  }

  async announcements(pageNo: number, pageSize: number): Promise<Page<AnnouncementSummary>> {
    const repo = this.store.repos.announcements;
    const [total, rows] = await Promise.all([
      repo.count(),
      repo.page((pageNo - 1) * pageSize, pageSize),
    ]);
    return {
      total,
      pageNo,
      pageSize,
      items: rows.map((r) => ({
        id: r.id,
        title: r.title,
        bannerUrl: r.banner_path ? this.imageUrl(r.banner_path) : null,
        publishedAt: r.published_at,
      })),
    };
  }

  async announcement(id: string): Promise<Announcement> {
    const row = await this.store.repos.announcements.byId(id);
    if (!row) throw appError('ANNOUNCEMENT_NOT_FOUND');
    return {
      id: row.id,
      title: row.title,
      bannerUrl: row.banner_path ? this.imageUrl(row.banner_path) : null,
      publishedAt: row.published_at,
      bodyHtml: row.body_html,
    };
  }

  /**
   * Publishes an announcement. The body is stored as written: it is HTML for
   * the web app, which sanitises it where it is shown.
   */
  async announce(input: AnnounceInput): Promise<string> {
    const title = input.title.trim();
    if (title.length === 0 || title.length > ANNOUNCEMENT_TITLE_MAX) {
      throw new AnnouncementRefused(`the title must be 1 to ${ANNOUNCEMENT_TITLE_MAX} characters`);
    }
    if (input.bodyHtml.trim().length === 0 || input.bodyHtml.length > ANNOUNCEMENT_BODY_MAX) {
      throw new AnnouncementRefused(`the body must be 1 to ${ANNOUNCEMENT_BODY_MAX} characters`);
    }
    if (input.bannerPath !== null && !isShippedBanner(input.bannerPath)) {
      throw new AnnouncementRefused(
        `the banner must be one of the images the server ships: ${shippedBanners().join(', ')}`,
      );
    }
    const id = newId();
    const now = this.now();
    await this.store.repos.announcements.insert({
      id,
      title,
      body_html: input.bodyHtml,
      banner_path: input.bannerPath,
      published_at: input.publishedAt ?? now,
      created_at: now,
    });
    return id;
  }

  /** A new exchange starts with its opening announcements; an existing one is left as it is. */
  async seedIfEmpty(): Promise<void> {
    if ((await this.store.repos.announcements.count()) > 0) return;
    const now = this.now();
    await this.store.transaction(async (repos) => {
      for (const a of SEED_ANNOUNCEMENTS) {
        await repos.announcements.insertIfAbsent({
          id: a.id,
          title: a.title,
          body_html: a.bodyHtml,
          banner_path: a.banner,
          published_at: now - a.daysAgo * DAY_MS,
          created_at: now,
        });
      }
    });
  }
}

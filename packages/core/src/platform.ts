/**
 * Platform shapes on the wire (spec sections 3, 5 and 7): what the server
 * tells every client at start (product domains, image hosts, campaign-cache
 * rules) and the public content that carries images and server-provided HTML.
 */

/** A channel code the campaign cache keeps even when the global switch is closed. */
export interface ChannelCodeRule {
  channelCode: string;
  /** Days a stored code stays valid. */
  cacheEffectiveTime: number;
  /** Epoch milliseconds; null or absent means no bound. */
  channelCodeBeginTime?: number | null;
  channelCodeEndTime?: number | null;
}

/** A landing link whose codes the campaign cache keeps even when the global switch is closed. */
export interface ActiveLinkRule {
  activeLink: string;
  cacheEffectiveTime: number;
  activeLinkBeginTime?: number | null;
  activeLinkEndTime?: number | null;
}

/** Campaign-cache settings (spec section 3); times are epoch milliseconds, effective times days. */
export interface CampaignCacheSettings {
  open: boolean;
  cacheEffectiveTime: number;
  cacheBeginTime?: number | null;
  cacheEndTime?: number | null;
  channelCodeList: ChannelCodeRule[];
  activeLinkList: ActiveLinkRule[];
}

/** GET /v1/public/platform-config: read once at start by the web app. */
export interface PlatformConfig {
  /** The product's own domains: links to them get no nofollow (spec section 5). */
  productDomains: string[];
  /**
   * Candidate image hosts as origins (`https://img1.example.com`); the client
   * races them and rewrites image URLs to the fastest (spec section 7).
   * Empty: images come from the page's own origin.
   */
  imageHosts: string[];
  /** Path of the small image each candidate host is probed with. */
  imageProbePath: string;
  campaignCache: CampaignCacheSettings;
  /** The operator's native apps, shown on /download with their QR codes. */
  appDownloads: AppDownloads;
}

/** Links to the exchange's native apps: https links, '' where the operator has none. */
export interface AppDownloads {
  /** iPhone and iPad: App Store or TestFlight. */
  ios: string;
  /** Android from a store (Google Play). */
  android: string;
  /** Android APK for direct download. */
  apk: string;
}

export const APP_DOWNLOAD_PLATFORMS = ['ios', 'android', 'apk'] as const;

export const PLATFORM_CONFIG_PATH = '/v1/public/platform-config';
export const IMAGE_PROBE_PATH = '/static/probe.png';

/**
 * GET /v1/public/coins: a coin with its icon and description. The server has
 * one description per coin, in English, whatever the caller's language.
 */
export interface CoinInfo {
  coin: string;
  name: string;
  iconUrl: string;
  /** Server-provided HTML: shown only through the web's one sanitiser. */
  descriptionHtml: string;
}

/**
 * GET /v1/public/announcements?pageNo&pageSize (list, newest first) and
 * /v1/public/announcements/:id (one, with its body). Image URLs here, in
 * CoinInfo and in Banner are on the first configured image host, or
 * relative (`/static/...`) when none is configured.
 */
export interface AnnouncementSummary {
  id: string;
  title: string;
  bannerUrl: string | null;
  publishedAt: number;
}

export interface Announcement extends AnnouncementSummary {
  /** Server-provided HTML: shown only through the web's one sanitiser. */
  bodyHtml: string;
}

/** The operator's legal texts, each at `/v1/public/legal/:doc` and on the page of the same name. */
export const LEGAL_DOCS = ['terms', 'privacy'] as const;
export type LegalDoc = (typeof LEGAL_DOCS)[number];

/** A help article's name in its path: `/help/:slug`, `/v1/public/help/:slug`. */
export const HELP_SLUG_PATTERN = '^[a-z0-9-]{1,64}$';

/** GET /v1/public/legal/:doc: the text in the caller's language. */
export interface LegalDocument {
  doc: LegalDoc;
  title: string;
  /** Server-provided HTML: shown only through the web's one sanitiser. */
  bodyHtml: string;
  /** When the operator's text last changed; null for the software's default text. */
  updatedAt: number | null;
}

/** GET /v1/public/help (all, in order) and /v1/public/help/:slug, in the caller's language. */
export interface HelpArticle {
  slug: string;
  title: string;
  /** Server-provided HTML: shown only through the web's one sanitiser. */
  bodyHtml: string;
  updatedAt: number | null;
}

/** GET /v1/public/banners: home-page banners. */
export interface Banner {
  id: string;
  title: string;
  imageUrl: string;
  /**
   * Where a click goes: an in-app path without a language prefix, such as
   * `/register` or `/announcement/<id>`.
   */
  link: string;
}

/** GET /v1/user/login-history: one login attempt of the current user. */
export interface LoginRecord {
  id: string;
  ip: string | null;
  userAgent: string | null;
  success: boolean;
  createdAt: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** GET /v1/user/referral/invitees: the accounts the current user referred. */
export interface Invitee {
  /** Masked public id of the referred account. */
  userId: string;
  registerTime: number;
  /** The channel code the account registered under, if any. */
  channel: string | null;
}

export interface ReferralOverview {
  referralCode: string;
  inviteeCount: number;
  invitees: Invitee[];
}

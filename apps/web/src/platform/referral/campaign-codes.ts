/**
 * Referral and campaign codes from the URL query (spec sections 3 and 4),
 * stored with an expiry under the campaign-cache settings the server serves,
 * and turned into the registration payload's fields.
 */
import type { CampaignCacheSettings, ReferralFields } from '@quay/core';
import { campaignKey, readItem, removeItem, writeItem } from '../storage/local-store';

export const CAMPAIGN_CODE_NAMES = [
  'channelCode',
  'vipCode',
  'clacCode',
  'commonCode',
  'groupId',
  'actCode',
] as const;
export type CampaignCodeName = (typeof CAMPAIGN_CODE_NAMES)[number];

interface StoredCode {
  value: string;
  expiresAt: number;
}

const CODE_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** Cache lifetime in milliseconds from a number of days (spec section 9). */
export function cacheTimeFromDays(days: number): number {
  return days * MS_PER_DAY;
}

function within(now: number, begin?: number | null, end?: number | null): boolean {
  return (
    (begin === null || begin === undefined || now >= begin) &&
    (end === null || end === undefined || now <= end)
  );
}

/** The link a visitor came by matches an active-link entry when it starts with it (query aside). */
function matchesLink(url: URL, activeLink: string): boolean {
  try {
    const rule = new URL(activeLink, url.origin);
    return (
      url.origin === rule.origin &&
      url.pathname.startsWith(rule.pathname) &&
      [...rule.searchParams].every(([k, v]) => url.searchParams.get(k) === v)
    );
  } catch {
    return false;
  }
}

/**
 * Stores the codes of a URL as the settings allow: nothing outside the
 * begin/end window; with the switch open, every code for cacheEffectiveTime
 * days; with it closed, only a listed channel code (for its own days), or
 * the codes of a URL that matches an active-link entry. Returns what was stored.
 */
export function captureCampaignCodes(
  href: string,
  settings: CampaignCacheSettings,
  now: number,
): Partial<Record<CampaignCodeName, string>> {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return {};
  }
  if (!within(now, settings.cacheBeginTime, settings.cacheEndTime)) return {};
  const found = CAMPAIGN_CODE_NAMES.flatMap((name) => {
    const value = url.searchParams.get(name)?.trim();
    return value && CODE_PATTERN.test(value) ? [[name, value] as const] : [];
  });
  const stored: Partial<Record<CampaignCodeName, string>> = {};
  const keep = (name: CampaignCodeName, value: string, days: number) => {
    if (days <= 0) return;
    const record: StoredCode = { value, expiresAt: now + cacheTimeFromDays(days) };
    if (writeItem(campaignKey(name), JSON.stringify(record))) stored[name] = value;
  };

  if (settings.open) {
    for (const [name, value] of found) keep(name, value, settings.cacheEffectiveTime);
    return stored;
  }
  const link = settings.activeLinkList.find(
    (rule) =>
      within(now, rule.activeLinkBeginTime, rule.activeLinkEndTime) &&
      matchesLink(url, rule.activeLink),
  );
  if (link) {
    for (const [name, value] of found) keep(name, value, link.cacheEffectiveTime);
    return stored;
  }
  const channel = found.find(([name]) => name === 'channelCode')?.[1];
  const rule = channel
    ? settings.channelCodeList.find(
        (r) =>
          r.channelCode === channel && within(now, r.channelCodeBeginTime, r.channelCodeEndTime),
      )
    : undefined;
  if (rule && channel) keep('channelCode', channel, rule.cacheEffectiveTime);
  return stored;
}

/** The codes still valid; expired or unreadable ones are dropped from storage. */
export function currentCampaignCodes(now: number): Partial<Record<CampaignCodeName, string>> {
  const codes: Partial<Record<CampaignCodeName, string>> = {};
  for (const name of CAMPAIGN_CODE_NAMES) {
    const raw = readItem(campaignKey(name));
    if (!raw) continue;
    try {
      const record = JSON.parse(raw) as StoredCode;
      if (
        typeof record.value === 'string' &&
        typeof record.expiresAt === 'number' &&
        record.expiresAt > now
      ) {
        codes[name] = record.value;
        continue;
      }
    } catch {
      // fall through: drop it
    }
    removeItem(campaignKey(name));
  }
  return codes;
}

/** The registration payload's referral fields from the stored codes (spec section 3). */
export function registrationReferralFields(now: number): ReferralFields {
  const codes = currentCampaignCodes(now);
  const fields: ReferralFields = {
    registerVipNo: codes.vipCode,
    registerChannel: codes.channelCode,
    clacCode: codes.clacCode,
    commonCode: codes.commonCode,
    groupId: codes.groupId,
    actCode: codes.actCode,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as ReferralFields;
}

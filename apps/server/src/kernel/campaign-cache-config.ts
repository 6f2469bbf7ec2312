/**
 * The campaign-cache rules of referral and campaign codes (`CAMPAIGN_CACHE_FILE`,
 * README "Referral and campaign codes"): read once at start, and refused with
 * a message naming the field when they cannot be used.
 */
import { readFileSync } from 'node:fs';
import type { CampaignCacheSettings } from '@quay/core';

export const DEFAULT_CAMPAIGN_CACHE: CampaignCacheSettings = {
  open: true,
  cacheEffectiveTime: 30,
  channelCodeList: [],
  activeLinkList: [],
};

const MAX_DAYS = 3650;

function isDays(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DAYS;
}

function isTime(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
  );
}

/** A window is open-ended at a missing bound; with both, it must not end before it begins. */
function isWindow(begin: unknown, end: unknown): boolean {
  return typeof begin !== 'number' || typeof end !== 'number' || begin <= end;
}

function isCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(value);
}

/** Reads and checks a campaign-cache file; any problem names the file and the field. */
export function campaignCacheOf(file: string): CampaignCacheSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`CAMPAIGN_CACHE_FILE ${file} is not readable JSON: ${(err as Error).message}`);
  }
  const fail = (what: string): never => {
    throw new Error(`CAMPAIGN_CACHE_FILE ${file}: ${what}`);
  };
  /** The entry as an object with only the known fields, or a failure naming where. */
  const objectOf = (value: unknown, where: string, known: string[]): Record<string, unknown> => {
    if (!value || typeof value !== 'object' || Array.isArray(value))
      fail(`${where} must be an object`);
    const entry = value as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!known.includes(key))
        fail(`unknown field ${where === 'the file' ? key : `${where}.${key}`}`);
    }
    return entry;
  };
  const o = objectOf(parsed, 'the file', [
    'open',
    'cacheEffectiveTime',
    'cacheBeginTime',
    'cacheEndTime',
    'channelCodeList',
    'activeLinkList',
  ]);
  if (typeof o.open !== 'boolean') fail('open must be true or false');
  if (!isDays(o.cacheEffectiveTime))
    fail(`cacheEffectiveTime must be whole days from 0 to ${MAX_DAYS}`);
  if (!isTime(o.cacheBeginTime) || !isTime(o.cacheEndTime))
    fail('cacheBeginTime and cacheEndTime must be epoch milliseconds');
  if (!isWindow(o.cacheBeginTime, o.cacheEndTime)) fail('cacheBeginTime is after cacheEndTime');
  const channels = o.channelCodeList ?? [];
  const links = o.activeLinkList ?? [];
  if (!Array.isArray(channels)) fail('channelCodeList must be a list');
  if (!Array.isArray(links)) fail('activeLinkList must be a list');
  const channelCodeList = (channels as unknown[]).map((entry, i) => {
    const e = objectOf(entry, `channelCodeList[${i}]`, [
      'channelCode',
      'cacheEffectiveTime',
      'channelCodeBeginTime',
      'channelCodeEndTime',
    ]);
    if (!isCode(e.channelCode))
      fail(`channelCodeList[${i}].channelCode must be 1 to 64 letters, digits or _.:-`);
    if (!isDays(e.cacheEffectiveTime))
      fail(`channelCodeList[${i}].cacheEffectiveTime must be whole days`);
    if (!isTime(e.channelCodeBeginTime) || !isTime(e.channelCodeEndTime))
      fail(`channelCodeList[${i}] times must be epoch milliseconds`);
    if (!isWindow(e.channelCodeBeginTime, e.channelCodeEndTime))
      fail(`channelCodeList[${i}] begins after it ends`);
    return {
      channelCode: e.channelCode as string,
      cacheEffectiveTime: e.cacheEffectiveTime as number,
      channelCodeBeginTime: (e.channelCodeBeginTime as number | null | undefined) ?? null,
      channelCodeEndTime: (e.channelCodeEndTime as number | null | undefined) ?? null,
    };
  });
  const activeLinkList = (links as unknown[]).map((entry, i) => {
    const e = objectOf(entry, `activeLinkList[${i}]`, [
      'activeLink',
      'cacheEffectiveTime',
      'activeLinkBeginTime',
      'activeLinkEndTime',
    ]);
    if (typeof e.activeLink !== 'string' || e.activeLink.length === 0 || e.activeLink.length > 500)
      fail(`activeLinkList[${i}].activeLink must be a link`);
    if (!isDays(e.cacheEffectiveTime))
      fail(`activeLinkList[${i}].cacheEffectiveTime must be whole days`);
    if (!isTime(e.activeLinkBeginTime) || !isTime(e.activeLinkEndTime))
      fail(`activeLinkList[${i}] times must be epoch milliseconds`);
    if (!isWindow(e.activeLinkBeginTime, e.activeLinkEndTime))
      fail(`activeLinkList[${i}] begins after it ends`);
    return {
      activeLink: e.activeLink as string,
      cacheEffectiveTime: e.cacheEffectiveTime as number,
      activeLinkBeginTime: (e.activeLinkBeginTime as number | null | undefined) ?? null,
      activeLinkEndTime: (e.activeLinkEndTime as number | null | undefined) ?? null,
    };
  });
  return {
    open: o.open as boolean,
    cacheEffectiveTime: o.cacheEffectiveTime as number,
    cacheBeginTime: (o.cacheBeginTime as number | null | undefined) ?? null,
    cacheEndTime: (o.cacheEndTime as number | null | undefined) ?? null,
    channelCodeList,
    activeLinkList,
  };
}

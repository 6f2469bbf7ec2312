import { beforeEach, describe, expect, it } from 'vitest';
import type { CampaignCacheSettings } from '@quay/core';
import {
  cacheTimeFromDays,
  captureCampaignCodes,
  currentCampaignCodes,
  registrationReferralFields,
} from './campaign-codes';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22);
const closed: CampaignCacheSettings = {
  open: false,
  cacheEffectiveTime: 30,
  channelCodeList: [
    { channelCode: 'partnerA', cacheEffectiveTime: 7 },
    { channelCode: 'expiredDeal', cacheEffectiveTime: 7, channelCodeEndTime: NOW - DAY },
  ],
  activeLinkList: [{ activeLink: '/activity/spring', cacheEffectiveTime: 3 }],
};

describe('campaign codes', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores every code for the configured days when the switch is open', () => {
    const stored = captureCampaignCodes(
      'https://quay.example/register?vipCode=ABCD2345&clacCode=c1&groupId=g9&actCode=a1&commonCode=x',
      { ...closed, open: true },
      NOW,
    );
    expect(stored).toEqual({
      vipCode: 'ABCD2345',
      clacCode: 'c1',
      groupId: 'g9',
      actCode: 'a1',
      commonCode: 'x',
    });
    expect(currentCampaignCodes(NOW + 29 * DAY).vipCode).toBe('ABCD2345');
    expect(currentCampaignCodes(NOW + 31 * DAY)).toEqual({});
  });

  it('with the switch closed keeps only a listed channel code, for its own days', () => {
    expect(
      captureCampaignCodes('https://quay.example/?channelCode=stranger&vipCode=V1', closed, NOW),
    ).toEqual({});
    expect(
      captureCampaignCodes('https://quay.example/?channelCode=partnerA&vipCode=V1', closed, NOW),
    ).toEqual({
      channelCode: 'partnerA',
    });
    expect(currentCampaignCodes(NOW + 6 * DAY)).toEqual({ channelCode: 'partnerA' });
    expect(currentCampaignCodes(NOW + 8 * DAY)).toEqual({});
  });

  it('ignores a listed channel code outside its window', () => {
    expect(
      captureCampaignCodes('https://quay.example/?channelCode=expiredDeal', closed, NOW),
    ).toEqual({});
  });

  it('keeps the codes of a URL that matches an active link', () => {
    const stored = captureCampaignCodes(
      'https://quay.example/activity/spring?actCode=S26&vipCode=V9',
      closed,
      NOW,
    );
    expect(stored).toEqual({ actCode: 'S26', vipCode: 'V9' });
    expect(currentCampaignCodes(NOW + 4 * DAY)).toEqual({});
  });

  it('stores nothing outside the global begin and end times', () => {
    const window_ = {
      ...closed,
      open: true,
      cacheBeginTime: NOW + DAY,
      cacheEndTime: NOW + 10 * DAY,
    };
    expect(captureCampaignCodes('https://quay.example/?vipCode=V1', window_, NOW)).toEqual({});
    expect(
      captureCampaignCodes('https://quay.example/?vipCode=V1', window_, NOW + 2 * DAY),
    ).toEqual({ vipCode: 'V1' });
  });

  it('refuses malformed codes', () => {
    expect(
      captureCampaignCodes(
        'https://quay.example/?vipCode=%3Cscript%3E',
        { ...closed, open: true },
        NOW,
      ),
    ).toEqual({});
  });

  it('fills the registration payload fields', () => {
    captureCampaignCodes(
      'https://quay.example/?vipCode=V1&channelCode=partnerA&clacCode=c&commonCode=m&groupId=g&actCode=a',
      { ...closed, open: true },
      NOW,
    );
    expect(registrationReferralFields(NOW)).toEqual({
      registerVipNo: 'V1',
      registerChannel: 'partnerA',
      clacCode: 'c',
      commonCode: 'm',
      groupId: 'g',
      actCode: 'a',
    });
  });

  it('turns days into a cache time in milliseconds', () => {
    expect(cacheTimeFromDays(1)).toBe(86_400_000);
    expect(cacheTimeFromDays(7)).toBe(604_800_000);
    expect(cacheTimeFromDays(0)).toBe(0);
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import type { PlatformConfig } from '@quay/core';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { requestHeaders } from '../request/client';
import { BetaBadge } from './beta-badge';
import { setBetaEnvironment } from './beta';
import { applyPlatformConfig } from './platform-config';

const CONFIG: PlatformConfig = {
  productDomains: [],
  imageHosts: [],
  imageProbePath: '/static/probe.png',
  campaignCache: { open: false, cacheEffectiveTime: 30, channelCodeList: [], activeLinkList: [] },
  appDownloads: { ios: '', android: '', apk: '' },
  beta: true,
};

afterEach(() => {
  cleanup();
  act(() => setBetaEnvironment(false));
});

describe('the beta environment', () => {
  it('sends the beta marker on every call and shows the badge once the configuration says so', () => {
    render(<BetaBadge />);
    expect(requestHeaders()).not.toHaveProperty('beta');
    expect(screen.queryByTestId('beta-badge')).toBeNull();
    act(() => applyPlatformConfig(CONFIG, [], Date.now()));
    expect(requestHeaders()).toMatchObject({ beta: '1' });
    expect(screen.getByTestId('beta-badge').textContent).toBe('Beta');
  });

  it('sends nothing and shows nothing outside the beta environment', () => {
    act(() => setBetaEnvironment(true));
    act(() => applyPlatformConfig({ ...CONFIG, beta: false }, [], Date.now()));
    render(<BetaBadge />);
    expect(requestHeaders()).not.toHaveProperty('beta');
    expect(screen.queryByTestId('beta-badge')).toBeNull();
  });
});

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyPlatformConfig, platformConfigQuery } from '../platform/config/platform-config';
import { captureCampaignCodes } from '../platform/referral/campaign-codes';
import { useGatewaySecurity } from '../platform/request/gateway-access';
import { useSettings } from '../platform/settings/settings-store';

/** The address the visitor landed on, before any redirect can drop its query. */
const LANDING_HREF = window.location.href;

/** Reads the platform configuration once and keeps campaign codes of later links too. */
export function PlatformBoot() {
  const { data: config } = useQuery(platformConfigQuery);
  const { search } = useLocation();

  const signedIn = useSettings((s) => s.loginFlag);

  // Device identity, device token and request signing (spec sections 3, 4 and 7) for a
  // signed-in user at once; a visitor's start when a login form opens or a guarded call goes.
  useGatewaySecurity(signedIn);

  useEffect(() => {
    if (config) applyPlatformConfig(config, [LANDING_HREF], Date.now());
  }, [config]);

  // A link followed inside the app can carry codes too.
  useEffect(() => {
    if (config && search)
      captureCampaignCodes(window.location.href, config.campaignCache, Date.now());
  }, [config, search]);

  return null;
}

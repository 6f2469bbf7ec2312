import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyPlatformConfig, platformConfigQuery } from '../platform/config/platform-config';
import { installImageErrorRewrite } from '../platform/images/image-hosts';
import { captureCampaignCodes } from '../platform/referral/campaign-codes';
import { loadGatewayLayer } from '../platform/request/gateway-access';

/** The address the visitor landed on, before any redirect can drop its query. */
const LANDING_HREF = window.location.href;

/** Reads the platform configuration once and keeps campaign codes of later links too. */
export function PlatformBoot() {
  const { data: config } = useQuery(platformConfigQuery);
  const { search } = useLocation();

  useEffect(() => installImageErrorRewrite(), []);
  // Device identity, device token and request signing (spec sections 3, 4 and 7).
  useEffect(() => void loadGatewayLayer().then((layer) => layer.startGatewaySecurity()), []);

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

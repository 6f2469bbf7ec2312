/**
 * The platform configuration the server serves (product domains, image
 * hosts, campaign-cache rules), read once per page load and applied to the
 * link rules, the campaign-code cache and image-host probing.
 */
import { PLATFORM_CONFIG_PATH, type PlatformConfig } from '@quay/core';
import { queryOptions } from '@tanstack/react-query';
import { startImageHosts, rewriteImageHostsDeep } from '../images/image-hosts';
import { setProductDomains } from '../links/link-safety';
import { captureCampaignCodes } from '../referral/campaign-codes';
import { addResponseTransformer, request } from '../request/client';
import { setBetaEnvironment } from './beta';

export function fetchPlatformConfig(): Promise<PlatformConfig> {
  return request<PlatformConfig>(PLATFORM_CONFIG_PATH, { silent: true });
}

export const platformConfigQuery = queryOptions({
  queryKey: ['platform-config'],
  queryFn: fetchPlatformConfig,
  staleTime: Infinity,
  retry: 2,
});

let transformerInstalled = false;

/**
 * Applies a configuration: the product's domains for rel decisions, the codes
 * of the landing link (and of the current one, when it differs) under the
 * campaign-cache rules, the beta marker, and the image-host race. Safe to
 * call again.
 */
export function applyPlatformConfig(
  config: PlatformConfig,
  hrefs: readonly string[],
  now: number,
): void {
  setProductDomains(config.productDomains);
  setBetaEnvironment(config.beta === true);
  for (const href of new Set(hrefs)) captureCampaignCodes(href, config.campaignCache, now);
  if (!transformerInstalled) {
    addResponseTransformer((data) => rewriteImageHostsDeep(data));
    transformerInstalled = true;
  }
  void startImageHosts(config.imageHosts, config.imageProbePath);
}

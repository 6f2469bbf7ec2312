/**
 * data.gatewaySignConfig (spec sections 3 and 7): read from the server once
 * per tab session and cached in session storage. A cached value that does
 * not parse is fetched again.
 */
import {
  DEFAULT_SIGN_ALGORITHM,
  isSignAlgorithm,
  isSignMode,
  type GatewaySignConfig,
  type SignMode,
} from '@quay/core';
import { readSessionItem, removeSessionItem, writeSessionItem } from '../storage/session-store';

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;

export function parseSignConfig(raw: unknown): GatewaySignConfig | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const c = raw as Record<string, unknown>;
  const exactUrls = strings(c.exactUrls);
  const prefixUrls = strings(c.prefixUrls);
  const userCheckDeviceUrl = strings(c.userCheckDeviceUrl) ?? [];
  if (
    typeof c.clientOpen !== 'boolean' ||
    typeof c.serverPublicKey !== 'string' ||
    typeof c.serverPublicKeySign !== 'string' ||
    !exactUrls ||
    !prefixUrls
  ) {
    return null;
  }
  const signModes: Record<string, SignMode> = {};
  if (typeof c.signModes === 'object' && c.signModes !== null) {
    for (const [rule, mode] of Object.entries(c.signModes))
      if (isSignMode(mode)) signModes[rule] = mode;
  }
  return {
    clientOpen: c.clientOpen,
    serverPublicKey: c.serverPublicKey,
    serverPublicKeySign: c.serverPublicKeySign,
    defaultAlgorithm: isSignAlgorithm(c.defaultAlgorithm)
      ? c.defaultAlgorithm
      : DEFAULT_SIGN_ALGORITHM,
    exactUrls,
    prefixUrls,
    signModes,
    userCheckDeviceUrl,
  };
}

export function cachedSignConfig(): GatewaySignConfig | null {
  const text = readSessionItem('gatewaySignConfig');
  if (!text) return null;
  try {
    return parseSignConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

export function cacheSignConfig(config: GatewaySignConfig): void {
  writeSessionItem('gatewaySignConfig', JSON.stringify(config));
}

export function forgetSignConfig(): void {
  removeSessionItem('gatewaySignConfig');
}

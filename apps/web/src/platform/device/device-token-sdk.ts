/**
 * The device-token "SDK": the fetch from the device-id service, loaded as
 * its own chunk the first time a token is needed (spec section 4, step 6).
 */
import { DEVICE_TOKEN_PATH, languageOf, type Envelope } from '@quay/core';
import { currentSettings } from '../settings/settings-store';
import { http } from '../request/http';
import type { DeviceTokenSdk } from './device-token';

export const deviceTokenSdk: DeviceTokenSdk = {
  async fetchToken({ appId, deviceId }) {
    const res = await http.post<Envelope<string>>(
      DEVICE_TOKEN_PATH,
      { appId, deviceId },
      { params: { languageType: languageOf(currentSettings().language).languageType } },
    );
    const body = res.data;
    if (!body || body.code !== '0')
      throw new Error(`device-id service: ${body?.code ?? 'no body'}`);
    return typeof body.data === 'string' ? body.data : '';
  },
};

import type { GoogleSetup } from '@quay/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

/** A new authenticator key, shown once; it takes effect when modify confirms it. */
export function startGoogleSetup(): Promise<GoogleSetup> {
  return request<GoogleSetup>('/v1/user/security/google/setup', {
    method: 'POST',
    params: {},
    silent: true,
  });
}

export function useGoogleSetup() {
  return useMutation({ mutationFn: startGoogleSetup });
}

import type { QrKeyIssued, QrKeyStatus, QrLoginRequest, SessionAnswer } from '@quay/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export type QrPoll = { status: QrKeyStatus } & Partial<SessionAnswer>;

export function createQrKey(): Promise<QrKeyIssued> {
  return request<QrKeyIssued>('/v1/user/public/qrcode/create', {
    method: 'POST',
    params: {},
    silent: true,
  });
}

/** The key's status; the first poll after its approval logs this browser in. */
export function qrKeyStatus(qrcodeKey: string): Promise<QrPoll> {
  return request<QrPoll>('/v1/user/public/getQrKeyStatus', {
    method: 'POST',
    params: { qrcodeKey },
    silent: true,
  });
}

export function scanQrKey(qrcodeKey: string): Promise<QrLoginRequest> {
  return request<QrLoginRequest>('/v1/user/qrcode/scan', {
    method: 'POST',
    params: { qrcodeKey },
    silent: true,
  });
}

export function useAnswerQrKey() {
  return useMutation({
    mutationFn: ({ qrcodeKey, approve }: { qrcodeKey: string; approve: boolean }) =>
      request<null>(approve ? '/v1/user/qrcode/confirm' : '/v1/user/qrcode/cancel', {
        method: 'POST',
        params: { qrcodeKey },
        silent: true,
      }),
  });
}

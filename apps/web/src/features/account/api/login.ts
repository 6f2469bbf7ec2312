import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type {
  LoginAnswer,
  LoginVerification,
  SessionAnswer,
  SystemLoginVerification,
} from '@quay/core';
import { setSignedIn } from '../../../entities/user/user';

export interface LoginInput {
  loginName: string;
  pwd: string;
  areaCode?: string;
}

/** A session, or `{ verification }` when the account asks for its second factors. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return request<LoginAnswer>('/v1/user/login', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function needsVerification(
  answer: LoginAnswer,
): answer is { verification: LoginVerification } {
  return 'verification' in answer;
}

export function needsSystemVerification(
  answer: LoginAnswer,
): answer is { systemVerification: SystemLoginVerification } {
  return 'systemVerification' in answer;
}

/** Records a new session: the login flag, and the user every screen reads. */
export function useSessionStarted(): (answer: SessionAnswer) => void {
  const queryClient = useQueryClient();
  return (answer) => setSignedIn(queryClient, answer.userInfo);
}

export function useLogin() {
  const started = useSessionStarted();
  return useMutation({
    mutationFn: login,
    onSuccess(answer) {
      if ('token' in answer) started(answer);
    },
  });
}

/** The answer to a spot command sent over the bus: the host's result, or the refusal's registry name. */
import type { ErrorName } from '@quay/core';
import { AppError } from '../../../kernel/app-error';
import type { MessageParams } from '../../../kernel/messages';
import type { HostResult } from '../host/spot-commands';

export type SpotAnswer =
  { ok: HostResult } | { refused: { name: ErrorName; params: MessageParams } };

export function refusalOf(err: AppError): SpotAnswer {
  return { refused: { name: err.errorName, params: err.params } };
}

/** The result, or the refusal thrown as the host would have thrown it. */
export function resultOf(answer: SpotAnswer): HostResult {
  if ('ok' in answer) return answer.ok;
  throw new AppError(answer.refused.name, answer.refused.params);
}

/** The answer to a command sent over the bus: the writer's result, or the refusal's registry name. */
import type { ErrorName } from '@quay/core';
import { AppError } from '../app-error';
import type { MessageParams } from '../messages';

export type WriterAnswer<R> = { ok: R } | { refused: { name: ErrorName; params: MessageParams } };

export function refusalOf<R>(err: AppError): WriterAnswer<R> {
  return { refused: { name: err.errorName, params: err.params } };
}

/** The result, or the refusal thrown as the writer would have thrown it. */
export function resultOf<R>(answer: WriterAnswer<R>): R {
  if ('ok' in answer) return answer.ok;
  throw new AppError(answer.refused.name, answer.refused.params);
}

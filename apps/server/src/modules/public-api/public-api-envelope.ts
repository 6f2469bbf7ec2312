/**
 * Bitget's v2 envelope on every answer under /api/v2: `{ code, msg,
 * requestTime, data }`, code '00000' on success and Bitget's code for each
 * refusal (PUBLIC_API_CODES), the message in the caller's language (the
 * `locale` header Bitget reads, or languageType).
 */
import {
  ERRORS,
  PUBLIC_API_CODES,
  PUBLIC_API_PARAMETER_CODE,
  PUBLIC_API_SUCCESS,
  PUBLIC_API_SYSTEM_CODE,
  type ErrorName,
  type PublicApiEnvelope,
} from '@quay/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/app-error';
import { FASTIFY_CODES, validationFailure, type AjvIssue } from '../../kernel/http/envelope';
import { serverMessage, type MessageParams } from '../../kernel/messages';

export function success<T>(data: T, now: number): PublicApiEnvelope<T> {
  return { code: PUBLIC_API_SUCCESS, msg: 'success', requestTime: now, data };
}

/** An HTTP status as Bitget gives it: a business refusal is a 400, never a 200. */
function statusOf(name: ErrorName): number {
  const http = ERRORS[name].http;
  return http === 200 ? 400 : http;
}

function refusal(
  name: ErrorName,
  params: MessageParams,
  request: FastifyRequest,
  now: number,
): PublicApiEnvelope<null> {
  const fallback = statusOf(name) >= 500 ? PUBLIC_API_SYSTEM_CODE : PUBLIC_API_PARAMETER_CODE;
  return {
    code: PUBLIC_API_CODES[name] ?? fallback,
    msg: serverMessage(name, request.locale ?? 'en', params),
    requestTime: now,
    data: null,
  };
}

/** The one error handler of the public API. */
export function publicApiErrorHandler(now: () => number) {
  return async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (name: ErrorName, params: MessageParams = {}) =>
      reply.code(statusOf(name)).send(refusal(name, params, request, now()));
    if (error instanceof AppError) {
      if (error.errorName === 'TOO_MANY_REQUESTS' && typeof error.params.seconds === 'number') {
        void reply.header('retry-after', String(error.params.seconds));
      }
      return send(error.errorName, error.params);
    }
    if (error.validation) {
      const { name, params } = validationFailure(
        error.validation[0] as AjvIssue | undefined,
        error.validationContext,
      );
      return send(name, params);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(mapped);
    if (error instanceof SyntaxError) return send('BODY_MALFORMED');
    if ((error.statusCode ?? 500) < 500) {
      request.log.info({ err: error }, 'public API request refused');
      return send('INVALID_PARAMETER');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send('ERROR');
  };
}

/** Unknown paths under /api/v2. */
export function publicApiNotFound(now: () => number) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(refusal('ROUTE_NOT_FOUND', {}, request, now()));
}

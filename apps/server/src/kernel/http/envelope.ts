/**
 * The envelope on every /v1 answer, the caller's language, and the one error
 * handler that turns any failure into the envelope with a registry code.
 */
import {
  ERRORS,
  LANGUAGES,
  localeOfLanguageType,
  matchAcceptLanguage,
  normaliseLocale,
  type Envelope,
  type ErrorName,
  type Locale,
} from '@quay/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import { serverMessage, type MessageParams } from '../messages';
import { setSecurityHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

const byLanguageKey = new Map<string, Locale>(
  LANGUAGES.map((l) => [l.languageKey.toLowerCase(), l.locale]),
);

/** A `locale` or `language` header: a locale (zh-cn too) or a language key such as pt-BR. */
function localeOfHeader(value: string | string[] | undefined): Locale | null {
  if (typeof value !== 'string' || value.length > 35) return null;
  return normaliseLocale(value) ?? byLanguageKey.get(value.trim().toLowerCase()) ?? null;
}

/**
 * The caller's language: the languageType query param every call carries,
 * else the `locale` header, else `language`, else Accept-Language, else en.
 */
export function localeOf(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const languageType = query?.languageType;
  if (typeof languageType === 'string' && /^[0-9]{1,3}$/.test(languageType)) {
    const fromType = localeOfLanguageType(Number(languageType));
    if (fromType) return fromType;
  }
  return (
    localeOfHeader(request.headers.locale) ??
    localeOfHeader(request.headers.language) ??
    matchAcceptLanguage(request.headers['accept-language'])
  );
}

export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return {
    code: ERRORS.SUCCESS.code,
    msg: serverMessage('SUCCESS', request.locale),
    data,
    status: 'ok',
  };
}

export function failure(
  locale: Locale,
  name: ErrorName,
  params: MessageParams = {},
): Envelope<null> {
  return {
    code: ERRORS[name].code,
    msg: serverMessage(name, locale, params),
    data: null,
    status: 'error',
  };
}

export interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** An ajv issue as a registry error naming the field. */
export function validationFailure(
  issue: AjvIssue | undefined,
  context: string | undefined,
): { name: ErrorName; params: MessageParams } {
  if (!issue) return { name: 'INVALID_PARAMETER', params: {} };
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field =
    (typeof issue.params.missingProperty === 'string' && issue.params.missingProperty) ||
    (typeof issue.params.additionalProperty === 'string' && issue.params.additionalProperty) ||
    path ||
    context ||
    'body';
  const limit = typeof issue.params.limit === 'number' ? issue.params.limit : 0;
  switch (issue.keyword) {
    case 'required':
      return { name: 'FIELD_MISSING', params: { field } };
    case 'type':
      return { name: 'FIELD_TYPE', params: { field } };
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return { name: 'FIELD_TOO_LONG', params: { field, limit } };
    case 'minLength':
      return { name: 'FIELD_TOO_SHORT', params: { field, limit } };
    case 'additionalProperties':
      return { name: 'FIELD_UNKNOWN', params: { field } };
    default:
      return { name: 'FIELD_FORMAT', params: { field } };
  }
}

/** Fastify's own request errors, by their code. */
export const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'BODY_MALFORMED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_MALFORMED',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BODY_MALFORMED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeOf(request);
    done();
  });

  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    const locale = request.locale ?? 'en';
    if (error instanceof AppError) {
      if (error.errorName === 'TOO_MANY_REQUESTS' && typeof error.params.seconds === 'number') {
        void reply.header('retry-after', String(error.params.seconds));
      }
      return reply.code(error.httpStatus).send(failure(locale, error.errorName, error.params));
    }
    if (error.validation) {
      const { name, params } = validationFailure(
        error.validation[0] as AjvIssue | undefined,
        error.validationContext,
      );
      return reply.code(ERRORS[name].http).send(failure(locale, name, params));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.code(ERRORS[mapped].http).send(failure(locale, mapped));
    if (error instanceof SyntaxError) {
      return reply.code(400).send(failure(locale, 'BODY_MALFORMED'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request refused');
      return reply.code(400).send(failure(locale, 'INVALID_PARAMETER'));
    }
    // Details go to the log only; the client gets the generic message.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(failure(locale, 'ERROR'));
  });
}

/**
 * Errors Fastify meets before routing (a URL that cannot be decoded, such as
 * `%c0`): the 400 envelope like any other malformed request.
 */
export function frameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  let locale: Locale = 'en';
  try {
    locale = localeOf(request);
  } catch {
    // An unreadable query names no language.
  }
  request.log.info({ err: error }, 'request refused before routing');
  // Answered without the hooks: the headers they add to every answer are set here.
  setSecurityHeaders(request, reply);
  void reply.code(400).send(failure(locale, 'INVALID_PARAMETER'));
}

/** Unknown /v1 paths answer the 404 envelope, never the web app. */
export function notFoundEnvelope(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(failure(request.locale ?? 'en', 'ROUTE_NOT_FOUND'));
}

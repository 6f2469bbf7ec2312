import type { VerifyPurpose } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import { appError } from '../../kernel/app-error';
import { emailAddress, normaliseAreaCode } from '../accounts';
import type { ContentServices } from './content-services';
import { ok } from '../../kernel/http/envelope';
import {
  areaCode,
  bizType,
  commonQuery,
  email,
  envelopeOf,
  errorEnvelope,
  mobile,
} from '../../kernel/http/schemas';

export function msgRoutes(
  app: FastifyInstance,
  services: ContentServices,
  config: AppConfig,
): void {
  app.post<{
    Body: { bizType: VerifyPurpose; email?: string; mobile?: string; areaCode?: string };
  }>(
    '/v1/msg/verify-code/send',
    {
      config: { rateLimit: { max: config.rateLimitCodePer10Min, timeWindow: 600_000 } },
      schema: {
        tags: ['msg'],
        summary: 'Send a 6-digit verification code by mail or text',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['bizType'],
          properties: { bizType, email, mobile, areaCode },
          additionalProperties: false,
        },
        response: {
          200: envelopeOf({
            type: 'object',
            required: ['expireSeconds', 'resendSeconds'],
            properties: { expireSeconds: { type: 'integer' }, resendSeconds: { type: 'integer' } },
          }),
          400: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const hasMobile = body.mobile !== undefined || body.areaCode !== undefined;
      // Exactly one target: an email, or a mobile number with its area code.
      if (body.email !== undefined && hasMobile)
        throw appError('FIELD_UNKNOWN', { field: 'mobile' });
      if (body.email === undefined && !hasMobile)
        throw appError('FIELD_MISSING', { field: 'email' });
      if (hasMobile && body.mobile === undefined)
        throw appError('FIELD_MISSING', { field: 'mobile' });
      if (hasMobile && body.areaCode === undefined)
        throw appError('FIELD_MISSING', { field: 'areaCode' });
      const target =
        body.email !== undefined
          ? { channel: 'email' as const, email: emailAddress(body.email) }
          : {
              channel: 'sms' as const,
              areaCode: normaliseAreaCode(body.areaCode ?? ''),
              mobile: body.mobile ?? '',
            };
      return ok(request, await services.verifyCodes.send(target, body.bizType, request.locale));
    },
  );
}

/** Registration with a mobile number and an email address at once, each with its own code. */
import type { FastifyInstance } from 'fastify';
import type { ReferralFields } from '@quay/core';
import type { AppConfig } from '../../kernel/config';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import { setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  areaCode,
  commonQuery,
  email,
  mobile,
  password,
  referralFields,
  sessionSchema,
  verifyCode,
} from '../../kernel/http/schemas';

interface RegisterBothBody extends ReferralFields {
  mobile: string;
  areaCode: string;
  email: string;
  pwd: string;
  rePwd: string;
  /** The code texted to the mobile number. */
  verifyCode: string;
  /** The code mailed to the email address. */
  emailVerifyCode: string;
}

export function registerBothRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  app.post<{ Body: RegisterBothBody }>(
    '/v1/user/register/mobileAndEmail',
    {
      schema: {
        tags: ['user'],
        summary:
          'Register with a mobile number (verifyCode, by text) and an email address (emailVerifyCode, by mail); logs in',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: [
            'mobile',
            'areaCode',
            'email',
            'pwd',
            'rePwd',
            'verifyCode',
            'emailVerifyCode',
          ],
          properties: {
            mobile,
            areaCode,
            email,
            pwd: password,
            rePwd: password,
            verifyCode,
            emailVerifyCode: verifyCode,
            ...referralFields,
          },
          additionalProperties: false,
        },
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => {
      const session = await services.accounts.register(
        { kind: 'both', ...request.body },
        clientOf(request),
      );
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      return ok(request, session);
    },
  );
}

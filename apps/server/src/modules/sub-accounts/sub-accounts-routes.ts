/**
 * A main account's sub-accounts over /v1/user/sub (SUB_ACCOUNT_PATHS in
 * core): list with assets, create, freeze and unfreeze, transfers; and
 * switching in (spec section 7: signed, with the device token) and back.
 */
import {
  MAIN_SESSION_COOKIE,
  SUB_ACCOUNT_PATHS,
  type SubAccountTransferRequest,
} from '@quay/core/sub-accounts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import {
  SESSION_COOKIE_GRACE_S,
  currentUser,
  requireUser,
  sessionTokenOf,
  setSessionCookie,
} from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { emptyBody, sessionSchema } from '../../kernel/http/schemas';
import { clientOf } from '../accounts';
import {
  amountField,
  body,
  coinField,
  listSchema,
  nameField,
  privateRoutes,
  responses,
  stateSchema,
  subAccountSchema,
  transferSchema,
  userIdField,
} from './sub-accounts-schemas';
import type { SubAccountsServices } from './sub-accounts-services';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  } as const;
}

export function subAccountsRoutes(
  app: FastifyInstance,
  services: SubAccountsServices,
  config: AppConfig,
): void {
  const { subAccounts, subAccountSwitch } = services;
  const auth = requireUser(services);
  const user = (request: FastifyRequest) => currentUser(request).userRowId;
  const priv = privateRoutes(auth);

  app.get(
    SUB_ACCOUNT_PATHS.list,
    priv("The main account's sub-accounts with their assets valued in USDT", {
      response: responses(listSchema),
    }),
    async (request) => ok(request, await subAccounts.list(user(request))),
  );

  app.post<{ Body: { name: string } }>(
    SUB_ACCOUNT_PATHS.create,
    priv('Create a sub-account (a virtual email, no password of its own)', {
      body: body({ name: nameField }),
      response: responses(subAccountSchema),
    }),
    async (request) => ok(request, await subAccounts.create(user(request), request.body.name)),
  );

  app.post<{ Body: { userId: string } }>(
    SUB_ACCOUNT_PATHS.freeze,
    priv('Freeze a sub-account: its sessions end, its API keys stop, nobody switches in', {
      body: body({ userId: userIdField }),
      response: responses(subAccountSchema),
    }),
    async (request) => ok(request, await subAccounts.freeze(user(request), request.body.userId)),
  );

  app.post<{ Body: { userId: string } }>(
    SUB_ACCOUNT_PATHS.unfreeze,
    priv('Unfreeze a sub-account', {
      body: body({ userId: userIdField }),
      response: responses(subAccountSchema),
    }),
    async (request) => ok(request, await subAccounts.unfreeze(user(request), request.body.userId)),
  );

  app.post<{ Body: SubAccountTransferRequest }>(
    SUB_ACCOUNT_PATHS.transfer,
    priv('Move spot coins between the main account and a sub, or between two subs', {
      body: body({
        fromUserId: userIdField,
        toUserId: userIdField,
        coin: coinField,
        amount: amountField,
      }),
      response: responses(transferSchema),
    }),
    async (request) => ok(request, await subAccounts.transfer(user(request), request.body)),
  );

  app.get(
    SUB_ACCOUNT_PATHS.transfers,
    priv("The main account's transfers among its accounts, newest first", {
      response: responses({ type: 'array', items: transferSchema }),
    }),
    async (request) => ok(request, await subAccounts.transfers(user(request))),
  );

  const switchInto = async (
    request: FastifyRequest<{ Body: { userId: string } }>,
    reply: FastifyReply,
  ) => {
    const mainToken = sessionTokenOf(request);
    const session = await subAccountSwitch.switchInto(
      currentUser(request),
      request.body.userId,
      clientOf(request),
    );
    // The main's session stays alive beside the sub's: switchBack restores it.
    if (mainToken) {
      void reply.setCookie(MAIN_SESSION_COOKIE, mainToken, {
        ...cookieOptions(request),
        maxAge: config.sessionTtl_s + SESSION_COOKIE_GRACE_S,
      });
    }
    setSessionCookie(request, reply, session.token, config.sessionTtl_s);
    const subUser = await userOfToken(session.token);
    return ok(request, { ...session, userInfo: await services.accounts.userInfo(subUser) });
  };
  const userOfToken = async (token: string) =>
    (await services.sessions.authenticate(token)).userRowId;
  for (const [path, summary] of [
    [SUB_ACCOUNT_PATHS.switchLogin, 'Switch into a sub-account (login flavour)'],
    [SUB_ACCOUNT_PATHS.switchWeb, 'Switch into a sub-account in the web app'],
    [SUB_ACCOUNT_PATHS.switchApp, 'Switch into a sub-account in the mobile app'],
  ] as const) {
    app.post<{ Body: { userId: string } }>(
      path,
      priv(`${summary}: a session of the sub, marked as switched from the main`, {
        body: body({ userId: userIdField }),
        response: responses(sessionSchema),
      }),
      switchInto,
    );
  }

  app.post(
    SUB_ACCOUNT_PATHS.switchBack,
    priv("From a switched sub's session back to the main's; the sub's session ends", {
      body: emptyBody,
      response: responses(sessionSchema),
    }),
    async (request, reply) => {
      const kept = request.cookies[MAIN_SESSION_COOKIE];
      const mainToken = kept && TOKEN.test(kept) ? kept : null;
      const session = await subAccountSwitch.switchBack(currentUser(request), mainToken);
      void reply.clearCookie(MAIN_SESSION_COOKIE, cookieOptions(request));
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      const main = await userOfToken(session.token);
      return ok(request, { ...session, userInfo: await services.accounts.userInfo(main) });
    },
  );

  app.get(
    SUB_ACCOUNT_PATHS.state,
    priv('Whether the session is a sub-account, and one switched into from its main', {
      response: responses(stateSchema),
    }),
    async (request) => ok(request, await subAccountSwitch.state(currentUser(request))),
  );
}

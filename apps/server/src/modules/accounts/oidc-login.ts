/**
 * OpenID Connect sign-in (openid-client): the authorization code flow with
 * PKCE (S256), a `state` bound to the device that pressed the button and
 * spent at the callback, and a `nonce` the ID token must carry; the ID token
 * is verified by openid-client (issuer, audience, signature, expiry, nonce).
 * The provider sends the browser back to the web app's callback route, which
 * posts the query it got as `token` to /v1/user/oauth/sign.
 */
import * as oidc from 'openid-client';
import { OIDC_FLOW_TTL_S, type OidcProviderInfo } from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { ClientInfo } from '../../kernel/sessions';
import type { OidcProviderConfig } from '../../kernel/third-party-config';
import type { AccountsStore as Store } from './accounts-repositories';
import { deviceHashOf } from './device-watch';
import type { ExternalIdentity } from './third-party';

/** Plain http is allowed only for an issuer on this machine (a test or development provider). */
function localHttp(issuer: URL): boolean {
  return (
    issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname)
  );
}

export class OidcLogin {
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly store: Store,
    private readonly providers: readonly OidcProviderConfig[],
    private readonly now: () => number,
  ) {}

  /** The configured providers as the login page lists them. */
  list(): OidcProviderInfo[] {
    return this.providers.map((p) => ({ id: p.id, name: p.name, style: p.style }));
  }

  /** The URL to send the browser to: a new flow, bound to this device. */
  async authorize(providerId: string, client: ClientInfo): Promise<{ url: string }> {
    const provider = this.provider(providerId);
    const config = await this.configuration(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const now = this.now();
    await this.store.repos.thirdParty.deleteExpired(now - 3600_000);
    await this.store.repos.thirdParty.insertFlow({
      state,
      provider: provider.id,
      nonce,
      code_verifier: verifier,
      device_hash: deviceHashOf(client),
      created_at: now,
      expires_at: now + OIDC_FLOW_TTL_S * 1000,
      consumed_at: null,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: provider.redirectUri,
      scope: provider.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href };
  }

  /**
   * The identity behind a callback's query (`code`, `state`, maybe `iss`):
   * the state must be an open flow of this device (spent here), the code is
   * exchanged with the flow's PKCE verifier and the ID token must carry its nonce.
   */
  async callback(query: string, client: ClientInfo): Promise<ExternalIdentity> {
    const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
    const state = params.get('state') ?? '';
    const repos = this.store.repos.thirdParty;
    const flow = state === '' ? undefined : await repos.flow(state);
    if (!flow || flow.device_hash !== deviceHashOf(client)) throw appError('OIDC_STATE_INVALID');
    if (!(await repos.consumeFlow(state, this.now()))) throw appError('OIDC_STATE_INVALID');
    const provider = this.provider(flow.provider);
    const config = await this.configuration(provider);
    const current = new URL(provider.redirectUri);
    current.search = params.toString();
    let claims: oidc.IDToken | undefined;
    let profile: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      profile = claims;
      // A provider that keeps the address out of the ID token gives it at userinfo.
      if (claims && claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
        profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      }
    } catch {
      throw appError('OIDC_VERIFY_FAILED');
    }
    if (!claims || typeof claims.sub !== 'string' || claims.sub === '') {
      throw appError('OIDC_VERIFY_FAILED');
    }
    const email = typeof profile?.email === 'string' ? profile.email.toLowerCase() : null;
    const verified = profile?.email_verified === true || profile?.email_verified === 'true';
    return {
      provider: provider.id,
      kind: 'oidc',
      subject: claims.sub,
      label: email ?? claims.sub,
      email: email !== null && verified ? email : null,
    };
  }

  private provider(id: string): OidcProviderConfig {
    const provider = this.providers.find((p) => p.id === id);
    if (!provider) throw appError('THIRD_PARTY_PROVIDER_UNKNOWN');
    return provider;
  }

  /** The provider's discovered metadata, fetched once (again after a failure). */
  private configuration(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let found = this.discovered.get(provider.id);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = oidc
        .discovery(
          issuer,
          provider.clientId,
          provider.clientSecret === '' ? undefined : provider.clientSecret,
          // A client without a secret is a public one: PKCE alone binds the code.
          provider.clientSecret === '' ? oidc.None() : undefined,
          localHttp(issuer)
            ? { execute: [oidc.allowInsecureRequests], timeout: 10 }
            : { timeout: 10 },
        )
        .catch((err: unknown) => {
          this.discovered.delete(provider.id);
          throw Object.assign(appError('THIRD_PARTY_PROVIDER_UNKNOWN'), { cause: err });
        });
      this.discovered.set(provider.id, found);
    }
    return found;
  }
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port for
 * the sign-in tests, with one confidential client and its development login
 * page (any login name signs in as that subject; its address is
 * `<login>@example.com`, verified). Consent is granted at once. `signIn`
 * drives the login page over HTTP as a browser would, and answers the URL
 * the provider sends the browser back to.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENT_ID = 'quay-test';
export const TEST_CLIENT_SECRET = 'quay-test-secret-0123456789abcdef';

export class OidcTestProvider {
  issuer = '';
  private server: Server | null = null;
  private redirectUris: string[] = [];
  private handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  /** Listens on a free port; the issuer is known from here on. */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      if (this.handle) this.handle(req, res);
      else res.writeHead(503).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    this.server = server;
    this.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** Serves the provider with the test client sending browsers back to these URIs. */
  serve(redirectUris: string[]): this {
    this.redirectUris = redirectUris;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: TEST_CLIENT_ID,
          client_secret: TEST_CLIENT_SECRET,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      cookies: { keys: ['oidc-test-cookie-key'] },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({ sub, email: `${sub}@example.com`, email_verified: true }),
      }),
      // The test client is trusted: every scope it asks for is granted without a consent page.
      async loadExistingGrant(ctx) {
        const session = ctx.oidc.session;
        const client = ctx.oidc.client;
        if (!session?.accountId || !client) return undefined;
        const grant = new ctx.oidc.provider.Grant({
          clientId: client.clientId,
          accountId: session.accountId,
        });
        grant.addOIDCScope('openid email profile');
        grant.addOIDCClaims(['email', 'email_verified']);
        await grant.save();
        return grant;
      },
    });
    // The development pages warn on the console; the tests read nothing there.
    provider.on('server_error', () => undefined);
    this.handle = provider.callback();
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }

  /**
   * Follows an authorization URL through the development login as `login`,
   * and answers the redirect back to the client (code, state, iss).
   */
  async signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      const res = await send(url);
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (this.redirectUris.some((uri) => next.href.startsWith(uri))) return next;
        url = next.href;
        continue;
      }
      const page = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action || !page.includes('name="login"')) {
        throw new Error(`unexpected provider page ${res.status}: ${page.slice(0, 200)}`);
      }
      const submitted = await send(new URL(action, url).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      const after = submitted.headers.get('location');
      if (!after) throw new Error(`login page answered ${submitted.status}`);
      url = new URL(after, url).href;
    }
    throw new Error('too many redirects at the provider');
  }
}

/**
 * Starts what a browser test needs, all real: the server as its own process on
 * a free port with a fresh data folder, an SMTP server that captures the mail
 * the server sends, and the system Chromium driven by playwright-core.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_KEY_REGISTER_PATH,
  DEVICE_APP_IDS,
  DEVICE_TOKEN_HEADER,
  DEVICE_TOKEN_PATH,
  GATEWAY_SIGN_CONFIG_PATH,
  TERMINAL_CODE_HEADER,
  buildClientKeyRegistration,
  buildDeviceCheckFields,
  encryptRequestBody,
  generateClientKeyPair,
  newTraceId,
  signModeFor,
  signRequestHeaders,
  verifyServerPublicKey,
  type GatewayKeyPair,
  type GatewaySignConfig,
} from '@quay/core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { onTestFailed } from 'vitest';
import { SMTPServer } from 'smtp-server';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface CapturedMail {
  to: string[];
  raw: string;
}

export class MailCatcher {
  readonly messages: CapturedMail[] = [];
  private waiters: Array<() => void> = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  async start(): Promise<void> {
    this.port = await freePort();
    await new Promise<void>((ok) => this.server.listen(this.port, '127.0.0.1', () => ok()));
  }

  async stop(): Promise<void> {
    await new Promise<void>((ok) => this.server.close(() => ok()));
  }

  /** Waits for the next mail to `address` and returns the 6-digit code in it. */
  async codeFor(address: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = [...this.messages].reverse().find((m) => m.to.includes(address));
      const code = mail ? decodeMail(mail.raw).match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail with a code reached ${address}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }
}

/** The text of a mail with quoted-printable and base64 bodies decoded. */
function decodeMail(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64Parts = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{16,})/g)].map((m) => {
    try {
      return Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8');
    } catch {
      return '';
    }
  });
  return [qp, ...base64Parts].join('\n');
}

export interface ServerHandle {
  baseUrl: string;
  dataDir: string;
  /** Runs an operator command (`npm run quay -- ...`) against this server's data; resolves with its output. */
  cli(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/** The real server, as `npm start` runs it, on the embedded default (SQLite). */
/** Server settings, or a function of the server's port for settings that name it (image hosts). */
export type ServerEnv = Record<string, string> | ((port: number) => Record<string, string>);

export async function startServer(env: ServerEnv = {}): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-e2e-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...(typeof env === 'function' ? env(port) : env),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    // The server's defaults: signing, login encryption and device tokens on.
    env: { LOG_LEVEL: 'warn', ...childEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    cli: (args) =>
      new Promise((resolveRun, reject) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'apps/server/src/cli.ts', ...args],
          { cwd: repoRoot, env: { ...childEnv, LOG_LEVEL: 'warn' } },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolveRun(stdout),
        );
      }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: {
    width?: number;
    height?: number;
    locale?: string;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'en-US',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  const page = await context.newPage();
  const story = watch(context);
  try {
    // A failing test prints what its pages were doing: errors, failed and unanswered calls.
    onTestFailed(() => console.log(story()));
  } catch {
    // Opened outside a test (in a suite's setup): nothing to report to.
  }
  return { context, page };
}

/**
 * Watches a browser context's calls to the server and its console: returns
 * the story so far, for a failed test to print (which call never answered,
 * which answered slowly or failed, what the page logged as an error).
 */
function watch(context: BrowserContext): () => string {
  const started = new Map<Request, number>();
  const lines: string[] = [];
  const stamp = () => new Date().toISOString().slice(11, 23);
  const name = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  context.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') {
      started.set(request, Date.now());
    }
  });
  context.on('requestfinished', (request) => {
    const since = started.get(request);
    started.delete(request);
    if (since !== undefined && Date.now() - since > 2_000) {
      lines.push(`${stamp()} slow call ${name(request)}: ${Date.now() - since} ms`);
    }
  });
  context.on('requestfailed', (request) => {
    started.delete(request);
    lines.push(`${stamp()} failed call ${name(request)}: ${request.failure()?.errorText ?? ''}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      lines.push(`${stamp()} console ${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  // Each socket: when it opened and closed, and its last frames each way.
  const socketsOf = (page: Page) =>
    page.on('websocket', (socket) => {
      const path = new URL(socket.url()).pathname;
      lines.push(`${stamp()} socket ${path} opened`);
      const frame = (way: string) => (data: { payload: string | Buffer }) => {
        const text = typeof data.payload === 'string' ? data.payload : '(binary)';
        if (!/"(ping|pong)"|^p[io]ng$/.test(text)) {
          lines.push(`${stamp()} socket ${way} ${text.slice(0, 200)}`);
        }
      };
      socket.on('framesent', frame('sent'));
      socket.on('framereceived', frame('got'));
      socket.on('close', () => lines.push(`${stamp()} socket ${path} closed`));
      socket.on('socketerror', (error) => lines.push(`${stamp()} socket ${path} error ${error}`));
    });
  for (const page of context.pages()) socketsOf(page);
  context.on('page', socketsOf);
  context.on('weberror', (error) => {
    lines.push(`${stamp()} page error: ${error.error().message.slice(0, 300)}`);
  });
  return () => {
    const pending = [...started].map(
      ([request, since]) => `${stamp()} unanswered call ${name(request)}: ${Date.now() - since} ms`,
    );
    const all = [...lines.slice(-60), ...pending];
    return `--- what the page did (${all.length} notes)\n${all.join('\n')}`;
  };
}

/**
 * Resolves once the page has settled: its fonts loaded, every finite animation
 * (a dialog opening, a menu sliding, a toast) finished and two frames drawn.
 * Spinners and other endless animations, and a button's click ripple, are not
 * waited for. A screenshot or a
 * click inside a menu after this sees the screen at rest.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // An animation that ends may start another (a toast after a dialog): a few rounds.
    for (let round = 0; round < 5; round += 1) {
      const running = document.getAnimations().filter((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return (
          animation.playState === 'running' &&
          typeof end === 'number' &&
          end !== Infinity &&
          // The ripple a click leaves on a button fades for two seconds; nothing waits on it.
          !target?.classList.contains('ant-wave')
        );
      });
      if (running.length === 0) break;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
  });
}

/**
 * The pointer away, and then until the menu's `item` is gone: hovering a
 * menu that is still closing reopens it mid-motion, and its items are not
 * clickable then.
 */
async function letAccountMenuClose(page: Page, item: Locator): Promise<void> {
  await page.mouse.move(0, 400);
  await item.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
}

/** Hovers the account menu until its dropdown has settled open. */
export async function openAccountMenu(page: Page): Promise<void> {
  const logout = page.getByTestId('account-menu-logout');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.getByTestId('account-menu').hover();
    try {
      await logout.waitFor({ state: 'visible', timeout: 3000 });
      // The opening animation finished before anything inside it is clicked.
      await settled(page);
      return;
    } catch {
      await letAccountMenuClose(page, logout);
    }
  }
  throw new Error('the account menu did not open');
}

/**
 * Opens the account menu and clicks one of its items. On a loaded machine
 * the hover menu has been seen to close before its item could be clicked
 * (the item not stable, then covered, then hidden), most likely when a first
 * hover had timed out and the menu was hovered again while still closing:
 * the menu is then let close and hovered open again, as a user would.
 */
export async function chooseInAccountMenu(page: Page, testId: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await openAccountMenu(page);
    try {
      await page.getByTestId(testId).click({ timeout: 5000 });
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
      await letAccountMenuClose(page, page.getByTestId(testId));
    }
  }
}

export const SCREENSHOT_DIR = join(repoRoot, 'e2e', 'screenshots');
export const WEB_LOCALES_DIR = join(repoRoot, 'apps', 'web', 'src', 'platform', 'i18n', 'locales');

export interface Stack {
  mail: MailCatcher;
  server: ServerHandle;
  browser: Browser;
  stop(): Promise<void>;
}

/** A mail catcher, the server sending to it, and Chromium: what each browser suite starts with. */
export async function startStack(env: ServerEnv = {}): Promise<Stack> {
  const mail = new MailCatcher();
  await mail.start();
  const server = await startServer((port) => ({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.port),
    SMTP_SECURE: 'false',
    MAIL_FROM: 'Quay <no-reply@quay.test>',
    // Every browser context of a suite registers its own signing key from this one address.
    RATE_LIMIT_KEY_PER_10MIN: '10000',
    ...(typeof env === 'function' ? env(port) : env),
  }));
  const browser = await launchBrowser();
  return {
    mail,
    server,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
      await mail.stop();
    },
  };
}

interface Answer<T = Record<string, unknown>> {
  code: string;
  msg: string;
  data: T;
}

/**
 * A client of the API as the web app is one (DESIGN.md section 10): it checks
 * the server key against the checkout's root key, registers a key pair of its
 * own, fetches a device token, and sends login and register bodies encrypted
 * and core calls signed. One per account, since a key serves one user.
 */
export class ApiClient {
  private config: GatewaySignConfig | null = null;
  private keyPair: GatewayKeyPair | null = null;
  private keyId = '';
  private deviceToken = '';
  /** The user of the last login or registration answer, for device-check URLs. */
  private userId: string | null = null;
  readonly deviceId = `e2e-${Math.random().toString(36).slice(2, 12)}`;

  constructor(private readonly baseUrl: string) {}

  private async init(): Promise<void> {
    if (this.config) return;
    const configAnswer = (await (
      await fetch(`${this.baseUrl}${GATEWAY_SIGN_CONFIG_PATH}?languageType=0`)
    ).json()) as Answer<{ gatewaySignConfig: GatewaySignConfig }>;
    const config = configAnswer.data.gatewaySignConfig;
    const tokenAnswer = await this.send<string>(DEVICE_TOKEN_PATH, {
      appId: DEVICE_APP_IDS.test,
      deviceId: this.deviceId,
    });
    this.deviceToken = tokenAnswer.data;
    if (config.clientOpen) {
      const root = readFileSync(join(repoRoot, '.keys', 'root-public.pem'), 'utf8');
      if (
        !(await verifyServerPublicKey(root, config.serverPublicKey, config.serverPublicKeySign))
      ) {
        throw new Error('serverPublicKeySign does not verify with the root key');
      }
      this.keyPair = await generateClientKeyPair('rsa1024');
      const { keyId, ...registration } = await buildClientKeyRegistration(
        this.keyPair,
        'rsa1024',
        String(Date.now()),
      );
      const registered = await this.send<{ keyId: string }>(CLIENT_KEY_REGISTER_PATH, registration);
      if (registered.data?.keyId !== keyId)
        throw new Error(`key not registered: ${registered.msg}`);
      this.keyId = keyId;
    }
    this.config = config;
  }

  private async send<T>(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const res = await fetch(`${this.baseUrl}${path}?languageType=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return (await res.json()) as Answer<T>;
  }

  /** A POST as the web app sends it; `token` is a session to call as. */
  async post<T = Record<string, unknown>>(
    path: string,
    body: Record<string, unknown>,
    token?: string,
  ): Promise<Answer<T>> {
    await this.init();
    const config = this.config!;
    const now = Date.now();
    const checked =
      config.clientOpen && this.keyPair && this.userId && config.userCheckDeviceUrl.includes(path)
        ? {
            ...body,
            ...(await buildDeviceCheckFields({
              privateKey: this.keyPair.privateKey,
              userId: this.userId,
              requestTime: String(now),
              lastAlgorithm: 'rsa1024',
            })),
          }
        : body;
    const sent = config.clientOpen
      ? await encryptRequestBody(config.serverPublicKey, path, checked)
      : checked;
    const text = JSON.stringify(sent);
    const mode = config.clientOpen ? signModeFor(config, path) : null;
    const signed =
      mode && this.keyPair
        ? await signRequestHeaders({
            privateKey: this.keyPair.privateKey,
            keyId: this.keyId,
            mode,
            method: 'POST',
            target: `${path}?languageType=0`,
            simulated: false,
            body: text,
            requestTime: String(now),
            traceId: newTraceId(now),
          })
        : {};
    const answer = await this.send<T>(path, text, {
      ...signed,
      [DEVICE_TOKEN_HEADER]: this.deviceToken,
      [TERMINAL_CODE_HEADER]: this.deviceId,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    });
    const userId = (answer.data as { userInfo?: { userId?: unknown } } | null)?.userInfo?.userId;
    if (answer.code === '0' && typeof userId === 'string') this.userId = userId;
    return answer;
  }
}

/** The API client of each session token registerByApi made. */
const clients = new Map<string, ApiClient>();

/** A POST as the web app sends it (signed, encrypted, with a device token), as `token`'s user. */
export function postAs<T = Record<string, unknown>>(
  stack: Stack,
  path: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<Answer<T>> {
  const client = (token && clients.get(token)) || new ApiClient(stack.server.baseUrl);
  return client.post<T>(path, body, token);
}

/** Opens an account through the API (code from the mail catcher); resolves with its session token. */
export async function registerByApi(
  stack: Stack,
  email: string,
  password = 'Quay2026pass',
  extra: Record<string, string> = {},
): Promise<string> {
  const client = new ApiClient(stack.server.baseUrl);
  const sent = await client.post('/v1/msg/verify-code/send', { bizType: 'register', email });
  if (sent.code !== '0') throw new Error(`code not sent: ${sent.msg}`);
  const verifyCode = await stack.mail.codeFor(email);
  const made = await client.post('/v1/user/register/email', {
    email,
    pwd: password,
    rePwd: password,
    verifyCode,
    ...extra,
  });
  if (made.code !== '0') throw new Error(`not registered: ${made.msg}`);
  const token = String(made.data.token);
  clients.set(token, client);
  return token;
}

/** A GET on the API as the holder of a session token. */
export async function getAs<T>(stack: Stack, token: string, path: string): Promise<T> {
  const res = await fetch(
    `${stack.server.baseUrl}${path}${path.includes('?') ? '&' : '?'}languageType=0`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const body = (await res.json()) as { code: string; msg: string; data: T };
  if (body.code !== '0') throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

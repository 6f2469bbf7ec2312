/**
 * API keys: a user's keys (at most API_KEY_MAX_PER_USER), created and changed
 * with the second factor, and the check of every signed key request (Bitget
 * v2 headers): the key, its status, the caller's address, the HMAC of the
 * request, the passphrase, a signature used once only, and the scope.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_MAX_PER_USER,
  API_KEY_PASSPHRASE_PATTERN,
  API_KEY_SCOPES,
  PUBLIC_API_HEADERS,
  PUBLIC_API_WINDOW_MS,
  publicApiSignPayload,
  type ApiKeyScope,
  type ApiKeyStatusChange,
  type ApiKeySummary,
  type CreateApiKey,
  type CreatedApiKey,
  type FactorCodes,
  type UpdateApiKey,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { ClientInfo } from '../../kernel/sessions';
import { hashPassword, verifyPassword } from '../accounts';
import { ApiKeyRequestLog } from './api-key-request-log';
import { newKeyPair, newPassphrase, openSecret, sealSecret } from './api-key-secrets';
import type { ApiKeysStore as Store } from './api-keys-repositories';
import type { ApiKeyRow } from './api-keys-repository';
import { ipAllowed, normaliseIpList } from './ip-allow-list';
import { SignatureMemory } from './signature-memory';
import type { ReplayMemory } from '../../kernel/replay-memory';

/** last_used_at is written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;
const KEY_PATTERN = /^bg_[0-9a-f]{32}$/;
const SIGN_PATTERN = /^[A-Za-z0-9+/]{43}=$/;
const PASSPHRASE = new RegExp(API_KEY_PASSPHRASE_PATTERN);

/** The second factor as the accounts module offers it to other product lines. */
export interface ChangeConfirmation {
  confirmProductChange(userRowId: string, codes: FactorCodes, client: ClientInfo): Promise<boolean>;
}

/** A signed request as it arrived. */
export interface SignedRequest {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  /** The request target as sent: path and query. */
  url: string;
  /** The body text as sent; '' without one. */
  body: string;
  ip: string | null;
}

/** The login of a public API WebSocket, as its `args[0]` carries it. */
export interface SocketLogin {
  apiKey: string;
  passphrase: string;
  /** Epoch seconds, as a string. */
  timestamp: string;
  sign: string;
  ip: string | null;
}

interface SignedParts {
  apiKey: string;
  sign: string;
  /** The timestamp signed, in epoch ms. */
  ms: number;
  passphrase: string | null;
  payload: string;
  ip: string | null;
}

/** Who a signed request acts for. */
export interface KeyCaller {
  userRowId: string;
  apiKey: string;
  scopes: ApiKeyScope[];
}

function scopesOf(text: string): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => text.split(',').includes(scope));
}

function ipsOf(text: string): string[] {
  return text === '' ? [] : text.split(',');
}

function summaryOf(row: ApiKeyRow): ApiKeySummary {
  return {
    apiKey: row.id,
    label: row.label,
    scopes: scopesOf(row.scopes),
    ips: ipsOf(row.ips),
    status: row.status === 'active' ? 'active' : 'disabled',
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Scopes in their one order, at least one. */
function checkedScopes(scopes: readonly string[]): string {
  const known = API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
  if (known.length === 0 || scopes.some((s) => !(API_KEY_SCOPES as readonly string[]).includes(s)))
    throw appError('API_KEY_SCOPES_INVALID');
  return known.join(',');
}

function checkedLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed === '') throw appError('FIELD_MISSING', { field: 'label' });
  return trimmed;
}

function header(request: SignedRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export class ApiKeyService {
  private readonly signatures: SignatureMemory;
  /** Key id -> SHA-256 of the last passphrase its slow hash accepted, so each call is not a scrypt. */
  private readonly passphrases = new Map<string, string>();
  private readonly lastUsedWritten = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly factors: ChangeConfirmation,
    private readonly sealingKey: Buffer,
    private readonly now: () => number,
    onLogError: (err: unknown) => void = () => undefined,
    /** Signatures seen; absent: in this process's memory (several gateways share the store's). */
    private readonly replay: ReplayMemory | null = null,
  ) {
    this.signatures = new SignatureMemory(PUBLIC_API_WINDOW_MS);
    this.requests = new ApiKeyRequestLog(store, now, onLogError);
  }

  /** The public API calls made with each key, for the owner's API page. */
  readonly requests: ApiKeyRequestLog;

  async list(userRowId: string): Promise<ApiKeySummary[]> {
    return (await this.store.repos.apiKeys.ofUser(userRowId)).map(summaryOf);
  }

  /** A new key, confirmed by every second factor on; its secret is answered here only. */
  async create(userRowId: string, body: CreateApiKey, client: ClientInfo): Promise<CreatedApiKey> {
    return this.createFor(userRowId, userRowId, body, client);
  }

  /**
   * A key of `keyUserRowId` confirmed by the second factor of `confirmUserRowId`:
   * the same user, or a main account making a key for its sub (whose own
   * account has no factor). The caller has checked that the one holds the other.
   */
  async createFor(
    confirmUserRowId: string,
    keyUserRowId: string,
    body: CreateApiKey,
    client: ClientInfo,
  ): Promise<CreatedApiKey> {
    if (!PASSPHRASE.test(body.passphrase)) throw appError('API_KEY_PASSPHRASE_WEAK');
    const fields = await this.checkedNewKey(keyUserRowId, body.label, body.scopes, body.ips);
    await this.confirm(confirmUserRowId, body, client);
    const created = await this.insert(keyUserRowId, fields, body.passphrase);
    return { key: created.key, secret: created.secret };
  }

  /** A key the operator hands out (`npm run quay -- api-key create`): no second factor, a passphrase of its own. */
  async createForOperator(
    userRowId: string,
    request: { label: string; scopes: string[]; ips: string[] },
  ): Promise<{ apiKey: string; secret: string; passphrase: string }> {
    const fields = await this.checkedNewKey(userRowId, request.label, request.scopes, request.ips);
    const passphrase = newPassphrase();
    const created = await this.insert(userRowId, fields, passphrase);
    return { apiKey: created.key.apiKey, secret: created.secret, passphrase };
  }

  /** Changes a key's label, scopes or allow-list, confirmed by the second factor. */
  async update(userRowId: string, body: UpdateApiKey, client: ClientInfo): Promise<ApiKeySummary> {
    const row = await this.ownKey(userRowId, body.apiKey);
    const changes = {
      ...(body.label !== undefined ? { label: checkedLabel(body.label) } : {}),
      ...(body.scopes !== undefined ? { scopes: checkedScopes(body.scopes) } : {}),
      ...(body.ips !== undefined ? { ips: normaliseIpList(body.ips).join(',') } : {}),
    };
    await this.confirm(userRowId, body, client);
    await this.store.repos.apiKeys.update(userRowId, row.id, {
      ...changes,
      updated_at: this.now(),
    });
    return summaryOf(await this.ownKey(userRowId, row.id));
  }

  /** Disabling takes effect at once, without codes; enabling again is confirmed by the second factor. */
  async setStatus(
    userRowId: string,
    body: ApiKeyStatusChange,
    client: ClientInfo,
  ): Promise<ApiKeySummary> {
    const row = await this.ownKey(userRowId, body.apiKey);
    if (body.status === 'active' && row.status !== 'active') {
      await this.confirm(userRowId, body, client);
    }
    await this.store.repos.apiKeys.update(userRowId, row.id, {
      status: body.status,
      updated_at: this.now(),
    });
    return summaryOf(await this.ownKey(userRowId, row.id));
  }

  /** Deleting a key takes away access, so it needs no codes; it cannot be undone. */
  async remove(userRowId: string, apiKey: string): Promise<void> {
    if (!(await this.store.repos.apiKeys.delete(userRowId, apiKey))) {
      throw appError('API_KEY_NOT_FOUND');
    }
    this.passphrases.delete(apiKey);
    await this.requests.forget(apiKey);
  }

  /**
   * Who a signed request acts for, or the refusal: cheap header checks
   * first, the HMAC before the passphrase's slow hash (only a holder of the
   * secret gets to try passphrases), the signature remembered for the window.
   */
  async authenticate(request: SignedRequest, scope: ApiKeyScope): Promise<KeyCaller> {
    const apiKey = header(request, PUBLIC_API_HEADERS.key);
    if (apiKey === null) throw appError('API_KEY_MISSING');
    if (!KEY_PATTERN.test(apiKey)) throw appError('API_KEY_INVALID');
    const sign = header(request, PUBLIC_API_HEADERS.sign);
    if (sign === null) throw appError('API_SIGN_MISSING');
    const timestamp = header(request, PUBLIC_API_HEADERS.timestamp);
    if (timestamp === null || !/^[0-9]{13}$/.test(timestamp)) {
      throw appError('API_TIMESTAMP_INVALID');
    }
    const [path = '', query = ''] = splitTarget(request.url);
    return this.check(
      {
        apiKey,
        sign,
        ms: Number(timestamp),
        passphrase: header(request, PUBLIC_API_HEADERS.passphrase),
        payload: publicApiSignPayload(timestamp, request.method, path, query, request.body),
        ip: request.ip,
      },
      scope,
    );
  }

  /**
   * The `login` of a WebSocket (Bitget v2): the key, its passphrase, a
   * timestamp in seconds and the HMAC of `timestamp + 'GET' + '/user/verify'`,
   * checked as a signed request is (window, status, address, replay); scope read.
   */
  async authenticateLogin(login: SocketLogin): Promise<KeyCaller> {
    if (!KEY_PATTERN.test(login.apiKey)) throw appError('API_KEY_INVALID');
    if (!/^[0-9]{10}$/.test(login.timestamp)) throw appError('API_TIMESTAMP_INVALID');
    return this.check(
      {
        apiKey: login.apiKey,
        sign: login.sign,
        ms: Number(login.timestamp) * 1000,
        passphrase: login.passphrase === '' ? null : login.passphrase,
        payload: `${login.timestamp}GET/user/verify`,
        ip: login.ip,
      },
      'read',
    );
  }

  /** Whether a key may still be used by its account: active, and the account active. */
  async isActive(apiKey: string): Promise<boolean> {
    const row = await this.store.repos.apiKeys.byId(apiKey);
    if (!row || row.status !== 'active') return false;
    const user = await this.store.repos.users.byId(row.user_id);
    return user !== undefined && user !== null && user.status === 'active';
  }

  private async check(parts: SignedParts, scope: ApiKeyScope): Promise<KeyCaller> {
    const now = this.now();
    const { apiKey, sign } = parts;
    if (Math.abs(now - parts.ms) > PUBLIC_API_WINDOW_MS) {
      throw appError('API_TIMESTAMP_EXPIRED');
    }
    if (parts.passphrase === null) throw appError('API_PASSPHRASE_MISSING');
    const row = await this.store.repos.apiKeys.byId(apiKey);
    if (!row) throw appError('API_KEY_UNKNOWN');
    if (row.status !== 'active') throw appError('API_KEY_DISABLED');
    const user = await this.store.repos.users.byId(row.user_id);
    if (!user || user.status !== 'active') throw appError('ACCOUNT_DISABLED');
    if (!ipAllowed(ipsOf(row.ips), parts.ip)) throw appError('API_IP_DENIED');
    const secret = openSecret(this.sealingKey, row.id, row.secret_sealed);
    if (secret === null || !SIGN_PATTERN.test(sign)) throw appError('API_SIGN_INVALID');
    const expected = createHmac('sha256', secret).update(parts.payload).digest();
    if (!timingSafeEqual(expected, Buffer.from(sign, 'base64'))) throw appError('API_SIGN_INVALID');
    if (!(await this.passphraseMatches(row, parts.passphrase))) {
      throw appError('API_PASSPHRASE_INVALID');
    }
    const signature = `${row.id}:${sign}`;
    const fresh = this.replay
      ? await this.replay.remember(signature, parts.ms + PUBLIC_API_WINDOW_MS, now)
      : this.signatures.remember(signature, parts.ms, now);
    if (!fresh) {
      throw appError('API_SIGN_REPLAYED');
    }
    const scopes = scopesOf(row.scopes);
    if (!scopes.includes(scope)) throw appError('API_SCOPE_DENIED');
    await this.markUsed(row.id, now);
    return { userRowId: row.user_id, apiKey: row.id, scopes };
  }

  private async passphraseMatches(row: ApiKeyRow, passphrase: string): Promise<boolean> {
    const fast = createHash('sha256').update(`${row.passphrase_hash}\n${passphrase}`).digest('hex');
    if (this.passphrases.get(row.id) === fast) return true;
    if (!(await verifyPassword(passphrase, row.passphrase_hash))) return false;
    this.passphrases.set(row.id, fast);
    return true;
  }

  private async markUsed(apiKey: string, now: number): Promise<void> {
    const last = this.lastUsedWritten.get(apiKey);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    this.lastUsedWritten.set(apiKey, now);
    await this.store.repos.apiKeys.touch(apiKey, now);
  }

  private async checkedNewKey(
    userRowId: string,
    label: string,
    scopes: readonly string[],
    ips: readonly string[],
  ): Promise<{ label: string; scopes: string; ips: string }> {
    const fields = {
      label: checkedLabel(label),
      scopes: checkedScopes(scopes),
      ips: normaliseIpList(ips).join(','),
    };
    if ((await this.store.repos.apiKeys.countOfUser(userRowId)) >= API_KEY_MAX_PER_USER) {
      throw appError('API_KEY_LIMIT', { max: API_KEY_MAX_PER_USER });
    }
    return fields;
  }

  private async insert(
    userRowId: string,
    fields: { label: string; scopes: string; ips: string },
    passphrase: string,
  ): Promise<{ key: ApiKeySummary; secret: string }> {
    const now = this.now();
    const { apiKey, secret } = newKeyPair();
    const row: ApiKeyRow = {
      id: apiKey,
      user_id: userRowId,
      ...fields,
      passphrase_hash: await hashPassword(passphrase),
      secret_sealed: sealSecret(this.sealingKey, apiKey, secret),
      status: 'active',
      created_at: now,
      updated_at: now,
      last_used_at: null,
    };
    await this.store.repos.apiKeys.insert(row);
    return { key: summaryOf(row), secret };
  }

  private async confirm(userRowId: string, codes: FactorCodes, client: ClientInfo): Promise<void> {
    if (!(await this.factors.confirmProductChange(userRowId, codes, client))) {
      throw appError('API_KEY_NEEDS_SECOND_FACTOR');
    }
  }

  private async ownKey(userRowId: string, apiKey: string): Promise<ApiKeyRow> {
    const row = await this.store.repos.apiKeys.byId(apiKey);
    if (!row || row.user_id !== userRowId) throw appError('API_KEY_NOT_FOUND');
    return row;
  }
}

/** Path and query of a request target. */
function splitTarget(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}

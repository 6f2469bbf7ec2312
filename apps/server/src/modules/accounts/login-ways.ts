/**
 * Other ways in: passkeys (WebAuthn, @simplewebauthn/server) and QR login.
 *
 * Passkeys: a logged-in user registers one (start-register answers creation
 * options, finish-register checks the attestation), lists and removes them
 * (removal confirmed by the second factor). A login asks for options with no
 * user named (discoverable credentials) and sends the assertion back as
 * `fidoVerifyCode`; user verification is required, so the passkey is the
 * whole login. Every challenge is used once; the relying-party id and the
 * origins come from configuration or the request's host; a signature counter
 * that does not move forward is refused.
 *
 * QR login: a browser gets a key (QR_LOGIN_TTL_S) bound to its device id and
 * shows it as a QR code; a logged-in session opens the code's link (scanned,
 * and the key is that user's from then on), then confirms or cancels; the
 * browser polls the key's status and, once confirmed, is logged in: once.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_TTL_S,
  PASSKEY_MAX,
  QR_LOGIN_TTL_S,
  type FactorCodes,
  type PasskeyInfo,
  type QrKeyIssued,
  type QrKeyStatus,
  type QrLoginRequest,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { sha256 } from '../../kernel/ids';
import type { ClientInfo, SessionService } from '../../kernel/sessions';
import type { AccountsStore as Store } from './accounts-repositories';
import type { DeviceWatch } from './device-watch';
import { deviceHashOf } from './device-watch';
import { activeUserOf, assertMayLogIn, openSession, type SessionAnswer } from './login-guard';
import type { PasskeyRow } from './login-ways-repository';
import type { SecondFactorService } from './second-factor';

/** Where a ceremony happens: the relying-party id and the origins it may come from. */
export interface RelyingParty {
  rpId: string;
  origins: string[];
}

const RP_NAME = 'Quay';
const TRANSPORTS: readonly string[] = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
];

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** The signature counter in an assertion's authenticator data (bytes 33-36, big-endian). */
function counterOf(authenticatorData: string): number | null {
  const data = Buffer.from(authenticatorData, 'base64url');
  return data.length >= 37 ? data.readUInt32BE(33) : null;
}

/** The challenge a client's ceremony answered, read from its clientDataJSON. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' && data.challenge.length <= 128
      ? data.challenge
      : null;
  } catch {
    return null;
  }
}

export class LoginWaysService {
  constructor(
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly secondFactor: SecondFactorService,
    private readonly now: () => number,
    private readonly devices?: DeviceWatch,
  ) {}

  // Passkeys.

  async startRegister(
    userRowId: string,
    rp: RelyingParty,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await activeUserOf(this.store, userRowId);
    const now = this.now();
    const held = await this.store.repos.loginWays.passkeysOf(user.id);
    if (held.length >= PASSKEY_MAX) throw appError('PASSKEY_LIMIT', { max: PASSKEY_MAX });
    const name =
      user.email ?? (user.mobile ? `+${user.area_code ?? ''}${user.mobile}` : user.user_id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.rpId,
      userID: new TextEncoder().encode(user.id),
      userName: name,
      userDisplayName: name,
      attestationType: 'none',
      excludeCredentials: held.map((p) => ({ id: p.id, transports: transportsOf(p) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: [-7, -257],
      timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    });
    await this.store.repos.loginWays.deleteExpired(now - 3600_000);
    await this.store.repos.loginWays.insertChallenge({
      challenge: options.challenge,
      purpose: 'register',
      user_id: user.id,
      rp_id: rp.rpId,
      origin: rp.origins.join(','),
      expires_at: now + PASSKEY_CHALLENGE_TTL_S * 1000,
      consumed_at: null,
    });
    return options;
  }

  async finishRegister(
    userRowId: string,
    credential: RegistrationResponseJSON,
    name: string,
    rp: RelyingParty,
  ): Promise<PasskeyInfo> {
    const user = await activeUserOf(this.store, userRowId);
    const now = this.now();
    const challenge = challengeOf(credential.response.clientDataJSON);
    const row = challenge ? await this.store.repos.loginWays.challenge(challenge) : undefined;
    if (!row || row.purpose !== 'register' || row.user_id !== user.id || row.rp_id !== rp.rpId) {
      throw appError('PASSKEY_CHALLENGE_INVALID');
    }
    if (!(await this.store.repos.loginWays.consumeChallenge(row.challenge, now))) {
      throw appError('PASSKEY_CHALLENGE_INVALID');
    }
    let info;
    try {
      const result = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: row.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) throw appError('PASSKEY_VERIFY_FAILED');
    const id = info.credential.id;
    const passkey = {
      id,
      user_id: user.id,
      public_key: b64url(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (credential.response.transports ?? [])
        .filter((t) => TRANSPORTS.includes(t))
        .join(','),
      name: name.trim() || 'Passkey',
      created_at: now,
      last_used_at: null,
    };
    await this.store.transaction(async (repos) => {
      if (await repos.loginWays.passkey(id)) throw appError('PASSKEY_VERIFY_FAILED');
      if ((await repos.loginWays.passkeysOf(user.id)).length >= PASSKEY_MAX) {
        throw appError('PASSKEY_LIMIT', { max: PASSKEY_MAX });
      }
      await repos.loginWays.insertPasskey(passkey);
    });
    return passkeyInfo(passkey);
  }

  async passkeys(userRowId: string): Promise<PasskeyInfo[]> {
    const user = await activeUserOf(this.store, userRowId);
    return (await this.store.repos.loginWays.passkeysOf(user.id)).map(passkeyInfo);
  }

  /** Removes a passkey, confirmed by the account's second factors (spent with it). */
  async removePasskey(
    userRowId: string,
    id: string,
    codes: FactorCodes,
    client: ClientInfo,
  ): Promise<void> {
    const user = await activeUserOf(this.store, userRowId);
    assertMayLogIn(user, this.now());
    const passkey = await this.store.repos.loginWays.passkey(id);
    if (!passkey || passkey.user_id !== user.id) throw appError('PASSKEY_NOT_FOUND');
    const confirmed = await this.secondFactor.confirmChange(user, codes, client);
    await this.store.transaction(async (repos) => {
      await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      if (!(await repos.loginWays.deletePasskey(user.id, id))) throw appError('PASSKEY_NOT_FOUND');
    });
  }

  async startLogin(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const now = this.now();
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      userVerification: 'required',
      timeout: PASSKEY_CHALLENGE_TTL_S * 1000,
    });
    await this.store.repos.loginWays.deleteExpired(now - 3600_000);
    await this.store.repos.loginWays.insertChallenge({
      challenge: options.challenge,
      purpose: 'login',
      user_id: null,
      rp_id: rp.rpId,
      origin: rp.origins.join(','),
      expires_at: now + PASSKEY_CHALLENGE_TTL_S * 1000,
      consumed_at: null,
    });
    return options;
  }

  /** `fidoVerifyCode`: the assertion (AuthenticationResponseJSON) as JSON text. */
  async login(
    fidoVerifyCode: string,
    rp: RelyingParty,
    client: ClientInfo,
  ): Promise<SessionAnswer> {
    const now = this.now();
    const assertion = parseAssertion(fidoVerifyCode);
    if (!assertion) throw appError('PASSKEY_VERIFY_FAILED');
    const challenge = challengeOf(assertion.response.clientDataJSON);
    const row = challenge ? await this.store.repos.loginWays.challenge(challenge) : undefined;
    if (!row || row.purpose !== 'login' || row.rp_id !== rp.rpId) {
      throw appError('PASSKEY_CHALLENGE_INVALID');
    }
    if (!(await this.store.repos.loginWays.consumeChallenge(row.challenge, now))) {
      throw appError('PASSKEY_CHALLENGE_INVALID');
    }
    const passkey = await this.store.repos.loginWays.passkey(assertion.id);
    if (!passkey) throw appError('PASSKEY_NOT_FOUND');
    const handle = assertion.response.userHandle;
    if (handle && handle !== b64url(new TextEncoder().encode(passkey.user_id))) {
      throw appError('PASSKEY_VERIFY_FAILED');
    }
    const stored = Number(passkey.counter);
    const counter = counterOf(assertion.response.authenticatorData);
    if (counter === null) throw appError('PASSKEY_VERIFY_FAILED');
    if ((stored > 0 || counter > 0) && counter <= stored) throw appError('PASSKEY_COUNTER_INVALID');
    let verified = false;
    try {
      const result = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: row.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: stored,
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      });
      verified = result.verified && result.authenticationInfo.newCounter === counter;
    } catch {
      verified = false;
    }
    if (!verified) throw appError('PASSKEY_VERIFY_FAILED');
    const user = await this.store.repos.users.byId(passkey.user_id);
    if (!user) throw appError('PASSKEY_NOT_FOUND');
    assertMayLogIn(user, now);
    const answer = await this.store.transaction(async (repos) => {
      if (!(await repos.loginWays.usePasskey(passkey.id, stored, counter, now))) {
        throw appError('PASSKEY_COUNTER_INVALID');
      }
      return openSession(repos, this.sessions, user, client);
    });
    await this.devices?.noteLogin(user, client);
    return answer;
  }

  // QR login.

  /** A new key for the browser `client`, which alone may poll it. */
  async issueQrKey(client: ClientInfo): Promise<QrKeyIssued> {
    const now = this.now();
    const key = randomBytes(24).toString('base64url');
    const expireTime = now + QR_LOGIN_TTL_S * 1000;
    await this.store.repos.loginWays.deleteExpired(now - 3600_000);
    await this.store.repos.loginWays.insertQrLogin({
      key_hash: sha256(key),
      device_hash: deviceHashOf(client),
      status: 'waiting',
      user_id: null,
      ip: client.ip,
      user_agent: client.userAgent,
      created_at: now,
      expires_at: expireTime,
    });
    return { qrcodeKey: key, expireTime };
  }

  /**
   * The key's status for the browser that asked for it; once confirmed, the
   * first poll opens the session (the key is then used up).
   */
  async qrKeyStatus(
    qrcodeKey: string,
    client: ClientInfo,
  ): Promise<{ status: QrKeyStatus } & Partial<SessionAnswer>> {
    const now = this.now();
    const keyHash = sha256(qrcodeKey);
    const row = await this.store.repos.loginWays.qrLogin(keyHash);
    if (!row || row.device_hash !== deviceHashOf(client) || row.status === 'used') {
      throw appError('QR_KEY_INVALID');
    }
    if (Number(row.expires_at) <= now) return { status: 'expired' };
    if (row.status !== 'confirmed' || row.user_id === null) {
      return { status: row.status as QrKeyStatus };
    }
    const user = await this.store.repos.users.byId(row.user_id);
    if (!user) throw appError('QR_KEY_INVALID');
    assertMayLogIn(user, now);
    const answer = await this.store.transaction(async (repos) => {
      if (!(await repos.loginWays.moveQrLogin(keyHash, 'confirmed', 'used', row.user_id, now))) {
        throw appError('QR_KEY_INVALID');
      }
      return openSession(repos, this.sessions, user, client);
    });
    await this.devices?.noteLogin(user, client);
    return { status: 'confirmed', ...answer };
  }

  /** A logged-in session opened the code's link: the key becomes this user's. */
  async scanQrKey(userRowId: string, qrcodeKey: string): Promise<QrLoginRequest> {
    const user = await activeUserOf(this.store, userRowId);
    const row = await this.liveQrKey(qrcodeKey);
    if (row.status === 'scanned' && row.user_id === user.id) return qrRequest(row);
    if (row.status !== 'waiting') {
      throw appError(
        row.user_id !== null && row.user_id !== user.id ? 'QR_KEY_OTHER_USER' : 'QR_KEY_INVALID',
      );
    }
    const moved = await this.store.repos.loginWays.moveQrLogin(
      row.key_hash,
      'waiting',
      'scanned',
      user.id,
      this.now(),
    );
    if (!moved) throw appError('QR_KEY_INVALID');
    return qrRequest(row);
  }

  /** The user who scanned the key approves (confirm) or refuses (cancel) the login. */
  async answerQrKey(userRowId: string, qrcodeKey: string, approve: boolean): Promise<void> {
    const user = await activeUserOf(this.store, userRowId);
    const row = await this.liveQrKey(qrcodeKey);
    if (row.user_id !== null && row.user_id !== user.id) throw appError('QR_KEY_OTHER_USER');
    if (row.status !== 'scanned') throw appError('QR_KEY_INVALID');
    const moved = await this.store.repos.loginWays.moveQrLogin(
      row.key_hash,
      'scanned',
      approve ? 'confirmed' : 'canceled',
      user.id,
      this.now(),
    );
    if (!moved) throw appError('QR_KEY_INVALID');
  }

  private async liveQrKey(qrcodeKey: string) {
    const row = await this.store.repos.loginWays.qrLogin(sha256(qrcodeKey));
    if (!row) throw appError('QR_KEY_INVALID');
    if (Number(row.expires_at) <= this.now()) throw appError('QR_KEY_EXPIRED');
    return row;
  }
}

function qrRequest(row: {
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  expires_at: number;
}): QrLoginRequest {
  return {
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: Number(row.created_at),
    expireTime: Number(row.expires_at),
  };
}

function transportsOf(passkey: PasskeyRow): AuthenticatorTransportFuture[] {
  return passkey.transports
    ? (passkey.transports.split(',') as AuthenticatorTransportFuture[])
    : [];
}

function passkeyInfo(p: {
  id: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}): PasskeyInfo {
  return {
    id: p.id,
    name: p.name,
    createdAt: Number(p.created_at),
    lastUsedAt: p.last_used_at === null ? null : Number(p.last_used_at),
  };
}

/** The assertion in `fidoVerifyCode`, when it has the shape of one. */
function parseAssertion(text: string): AuthenticationResponseJSON | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const a = value as Partial<AuthenticationResponseJSON> | null;
  const r = a?.response as Partial<AuthenticationResponseJSON['response']> | undefined;
  const text64 = (v: unknown) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,4096}$/.test(v);
  if (!a || a.type !== 'public-key' || !text64(a.id) || !text64(a.rawId) || !r) return null;
  if (!text64(r.clientDataJSON) || !text64(r.authenticatorData) || !text64(r.signature))
    return null;
  if (r.userHandle !== undefined && !text64(r.userHandle)) return null;
  return {
    ...(a as AuthenticationResponseJSON),
    clientExtensionResults: a.clientExtensionResults ?? {},
  };
}

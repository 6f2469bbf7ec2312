/**
 * Wallet sign-in with EIP-4361 (Sign-In with Ethereum, checked with viem):
 * the server issues a nonce (WALLET_NONCE_TTL_S, used once); the wallet
 * signs a message naming our domain and URI, an allowed chain, that nonce
 * and its own address; wallet/sign sends the message, the address and the
 * signature. The nonce is spent before the signature is checked, so a
 * message is good for one try.
 */
import { WALLET_NONCE_TTL_S, type WalletNonce } from '@quay/core';
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import { appError } from '../../kernel/app-error';
import type { AccountsStore as Store } from './accounts-repositories';
import type { ExternalIdentity } from './third-party';

/** The site a message must be for: its origin (the URI's) and host (the domain). */
export interface WalletSite {
  origin: string;
  chainIds: readonly number[];
}

/** Longest message accepted: EIP-4361 messages with a statement and a few resources are far shorter. */
export const WALLET_MESSAGE_MAX = 4096;

export class WalletLogin {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  async nonce(site: WalletSite): Promise<WalletNonce> {
    const now = this.now();
    const nonce = generateSiweNonce();
    const expiresAt = now + WALLET_NONCE_TTL_S * 1000;
    await this.store.repos.thirdParty.deleteExpired(now - 3600_000);
    await this.store.repos.thirdParty.insertNonce(nonce, now, expiresAt);
    return {
      nonce,
      domain: new URL(site.origin).host,
      uri: site.origin,
      chainIds: [...site.chainIds],
      expiresAt,
    };
  }

  /** The wallet behind a signed EIP-4361 message, or the refusal that names what is wrong. */
  async verify(
    input: { publicAddress: string; signature: string; message: string },
    site: WalletSite,
  ): Promise<ExternalIdentity> {
    const now = this.now();
    if (!isAddress(input.publicAddress, { strict: false })) {
      throw appError('WALLET_MESSAGE_INVALID');
    }
    const address = getAddress(input.publicAddress);
    const fields = parseSiweMessage(input.message);
    const uri = fields.uri ? safeOrigin(fields.uri) : null;
    if (
      fields.domain !== new URL(site.origin).host ||
      uri !== site.origin ||
      fields.version !== '1' ||
      fields.chainId === undefined ||
      !site.chainIds.includes(fields.chainId) ||
      !fields.address ||
      getAddress(fields.address) !== address ||
      !fields.nonce
    ) {
      throw appError('WALLET_MESSAGE_INVALID');
    }
    if (fields.expirationTime && fields.expirationTime.getTime() <= now) {
      throw appError('WALLET_MESSAGE_EXPIRED');
    }
    if (fields.notBefore && fields.notBefore.getTime() > now) {
      throw appError('WALLET_MESSAGE_INVALID');
    }
    if (!(await this.store.repos.thirdParty.consumeNonce(fields.nonce, now))) {
      throw appError('WALLET_NONCE_INVALID');
    }
    let valid = false;
    try {
      valid = await verifyMessage({
        address,
        message: input.message,
        signature: input.signature as Hex,
      });
    } catch {
      valid = false;
    }
    if (!valid) throw appError('WALLET_SIGNATURE_INVALID');
    return {
      provider: 'wallet',
      kind: 'wallet',
      subject: address.toLowerCase(),
      label: address,
      email: null,
    };
  }
}

function safeOrigin(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}

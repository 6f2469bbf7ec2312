/**
 * Client key pairs in IndexedDB (idb-keyval), as CryptoKeys whose private
 * half is not extractable: one entry per tab session, one per user id, and a
 * backup per algorithm made ahead of need (spec section 3).
 */
import type { GatewayKeyPair, SignAlgorithm } from '@quay/core';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface StoredClientKey {
  keyPair: GatewayKeyPair;
  algorithm: SignAlgorithm;
  publicKeyPem: string;
  keyId: string;
}

export interface KeyStore {
  get(name: string): Promise<StoredClientKey | string | undefined>;
  set(name: string, value: StoredClientKey | string): Promise<void>;
  del(name: string): Promise<void>;
}

export const keyEntry = {
  session: (id: string) => `session:${id}`,
  user: (userId: string) => `user:${userId}`,
  backup: (algorithm: SignAlgorithm) => `backup:${algorithm}`,
  /** The user whose key this browser signs with, after a login. */
  currentUser: 'current-user',
} as const;

export function isStoredClientKey(value: unknown): value is StoredClientKey {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredClientKey>;
  return (
    typeof v.keyId === 'string' &&
    typeof v.publicKeyPem === 'string' &&
    typeof v.algorithm === 'string' &&
    !!v.keyPair?.privateKey &&
    !!v.keyPair.publicKey
  );
}

let idbStore: UseStore | null = null;
const db = (): UseStore => (idbStore ??= createStore('quay-gateway', 'client-keys'));

export const indexedDbKeyStore: KeyStore = {
  get: (name) => get<StoredClientKey | string>(name, db()).catch(() => undefined),
  set: (name, value) => set(name, value, db()),
  del: (name) => del(name, db()),
};

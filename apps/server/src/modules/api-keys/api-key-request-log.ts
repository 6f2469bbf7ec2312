/**
 * The log of public API calls per key, for the owner's API page. Calls are
 * kept in memory and written in batches (at most every `FLUSH_MS`, or once
 * `FLUSH_AT` are waiting), so a busy bot costs one write a second, not one a
 * call; a call naming no known key is not kept. Each key keeps its newest
 * API_KEY_REQUEST_LOG_MAX calls of the last API_KEY_REQUEST_LOG_DAYS days.
 */
import {
  API_KEY_REQUEST_LOG_DAYS,
  API_KEY_REQUEST_LOG_MAX,
  type ApiKeyRequest,
  type Page,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { pageAnswer, type Paging } from '../../kernel/http/paging';
import { newId } from '../../kernel/ids';
import type { ApiKeyRequestRow } from './api-key-requests-repository';
import type { ApiKeysStore } from './api-keys-repositories';

export const FLUSH_MS = 1000;
const FLUSH_AT = 200;
/** Calls waiting beyond this many (the store being slow) are dropped, oldest first. */
const BUFFER_MAX = 10_000;
const DAY_MS = 24 * 3600 * 1000;

export interface CallRecord {
  apiKey: string;
  method: string;
  path: string;
  status: number;
  code: string;
  ip: string;
}

export class ApiKeyRequestLog {
  private buffer: ApiKeyRequestRow[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: ApiKeysStore,
    private readonly now: () => number,
    private readonly onError: (err: unknown) => void,
  ) {}

  record(call: CallRecord): void {
    this.buffer.push({
      id: newId(),
      api_key: call.apiKey,
      at: this.now(),
      method: call.method,
      path: call.path.slice(0, 200),
      status: call.status,
      code: call.code.slice(0, 16),
      ip: call.ip.slice(0, 64),
    });
    if (this.buffer.length > BUFFER_MAX) this.buffer.splice(0, this.buffer.length - BUFFER_MAX);
    if (this.buffer.length >= FLUSH_AT) void this.flush();
  }

  /** Writes what is waiting, then bounds each key it wrote for. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const rows = this.buffer;
      this.buffer = [];
      if (rows.length === 0) return;
      try {
        const repo = this.store.repos.apiKeyRequests;
        const keys = await repo.insertKnown(rows);
        const before = this.now() - API_KEY_REQUEST_LOG_DAYS * DAY_MS;
        for (const key of keys) await repo.prune(key, API_KEY_REQUEST_LOG_MAX, before);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.writing;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** One page of a key's calls, newest first; another user's key is not found. */
  async page(userRowId: string, apiKey: string, paging: Paging): Promise<Page<ApiKeyRequest>> {
    const key = await this.store.repos.apiKeys.byId(apiKey);
    if (!key || key.user_id !== userRowId) throw appError('API_KEY_NOT_FOUND');
    await this.flush();
    const repo = this.store.repos.apiKeyRequests;
    const [rows, total] = await Promise.all([
      repo.page(apiKey, paging.offset, paging.limit),
      repo.count(apiKey),
    ]);
    return pageAnswer(
      paging,
      total,
      rows.map((r) => ({
        id: r.id,
        time: Number(r.at),
        method: r.method,
        path: r.path,
        status: Number(r.status),
        code: r.code,
        ip: r.ip,
      })),
    );
  }

  /** Forgets a deleted key's calls. */
  async forget(apiKey: string): Promise<void> {
    await this.flush();
    await this.store.repos.apiKeyRequests.deleteOfKey(apiKey);
  }
}

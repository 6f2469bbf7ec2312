import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLACEHOLDER_TERMINAL_CODE,
  TERMINAL_CODE_CLAIM_WAIT_MS,
  ensureTerminalCode,
  type TabStorage,
} from './terminal-code';

/** One local storage shared by tabs; each tab hears the others' writes (the storage event). */
class SharedStorage {
  readonly values = new Map<string, string>();
  private readonly listeners = new Map<string, Set<(key: string, value: string) => void>>();

  tab(tabId: string): TabStorage {
    return {
      read: (key) => this.values.get(key) ?? null,
      write: (key, value) => {
        this.values.set(key, value);
        for (const [owner, set] of this.listeners) {
          if (owner !== tabId) for (const listener of set) listener(key, value);
        }
      },
      onChange: (key, listener) => {
        const set = this.listeners.get(tabId) ?? new Set();
        this.listeners.set(tabId, set);
        const wrapped = (changed: string, value: string) => changed === key && listener(value);
        set.add(wrapped);
        return () => set.delete(wrapped);
      },
    };
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function tabOf(shared: SharedStorage, tabId: string, code: string, computed: string[]) {
  return ensureTerminalCode({
    storage: shared.tab(tabId),
    compute: async () => {
      computed.push(tabId);
      return code;
    },
    now: () => Date.now(),
    tabId,
  });
}

describe('the terminal code', () => {
  it('is reused from storage without computing', async () => {
    const shared = new SharedStorage();
    shared.values.set('terminalCode', 'abc123');
    const computed: string[] = [];
    await expect(tabOf(shared, 'a', 'new', computed)).resolves.toBe('abc123');
    expect(computed).toEqual([]);
  });

  it('is computed again when it equals the placeholder', async () => {
    const shared = new SharedStorage();
    shared.values.set('terminalCode', PLACEHOLDER_TERMINAL_CODE);
    const computed: string[] = [];
    const code = tabOf(shared, 'a', 'fresh', computed);
    await vi.advanceTimersByTimeAsync(TERMINAL_CODE_CLAIM_WAIT_MS);
    await expect(code).resolves.toBe('fresh');
    expect(shared.values.get('terminalCode')).toBe('fresh');
    expect(computed).toEqual(['a']);
  });

  it('is computed by one tab only when several start together', async () => {
    const shared = new SharedStorage();
    const computed: string[] = [];
    const codes = [
      tabOf(shared, 'a', 'from-a', computed),
      tabOf(shared, 'b', 'from-b', computed),
      tabOf(shared, 'c', 'from-c', computed),
    ];
    // Nobody computes before the 1 s wait is over.
    await vi.advanceTimersByTimeAsync(TERMINAL_CODE_CLAIM_WAIT_MS - 1);
    expect(computed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const results = await Promise.all(codes);
    expect(computed).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toBe(`from-${computed[0]}`);
  });

  it('is taken from the computing tab by a tab that opens meanwhile', async () => {
    const shared = new SharedStorage();
    const computed: string[] = [];
    const first = tabOf(shared, 'a', 'from-a', computed);
    await vi.advanceTimersByTimeAsync(500);
    const second = tabOf(shared, 'b', 'from-b', computed);
    await vi.advanceTimersByTimeAsync(500);
    await expect(first).resolves.toBe('from-a');
    await expect(second).resolves.toBe('from-a');
    expect(computed).toEqual(['a']);
  });
});

describe('a claim left behind', () => {
  it('by this tab before a reload is not waited for', async () => {
    const shared = new SharedStorage();
    shared.values.set('terminalCodeClaim', `${Date.now() - 100}:a`);
    const computed: string[] = [];
    const code = tabOf(shared, 'a', 'from-a', computed);
    await vi.advanceTimersByTimeAsync(TERMINAL_CODE_CLAIM_WAIT_MS);
    await expect(code).resolves.toBe('from-a');
  });

  it('by a tab that went away holds the others up 3 s at most', async () => {
    const shared = new SharedStorage();
    shared.values.set('terminalCodeClaim', `${Date.now()}:gone`);
    const computed: string[] = [];
    const code = tabOf(shared, 'b', 'from-b', computed);
    await vi.advanceTimersByTimeAsync(2999);
    expect(computed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(code).resolves.toBe('from-b');
  });
});

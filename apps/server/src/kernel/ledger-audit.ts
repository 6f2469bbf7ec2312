/**
 * The ledger audit: on one snapshot of the store, every coin's journal sums
 * to zero (the accounts outside included), every balance row equals the sum
 * of its journal entries bucket by bucket, nothing is negative, and every
 * frozen amount is exactly what holds it (orders, withdrawals, positions:
 * the modules that freeze say what they hold, as `FrozenSource`s).
 */
import type { BalanceRow, JournalSum } from './db/ledger-repository';
import { isOutside, type Bucket } from './journal';
import { fromMinor } from './money';

/** An amount something holds frozen in an account's coin. */
export interface FrozenClaim {
  account: string;
  coin: string;
  amount: bigint;
}

/** A kind of thing that freezes funds, and what all of them hold now. */
export interface FrozenSource {
  /** What holds the funds, as the report names it ("spot orders"). */
  name: string;
  /** How many of them hold something. */
  count: number;
  claims: readonly FrozenClaim[];
  /** Disagreements the source found in its own records (an order whose figures and frozen amount differ). */
  differences?: readonly AuditDifference[];
}

export type DifferenceKind =
  /** A coin's journal does not sum to zero. */
  | 'journal'
  /** A balance differs from the sum of its journal entries. */
  | 'balance'
  /** A balance, an outside account's journal or a held amount below zero. */
  | 'negative'
  /** A frozen balance differs from what its orders, withdrawals and positions hold. */
  | 'frozen'
  /** A record that freezes funds disagrees with itself. */
  | 'record';

export interface AuditDifference {
  kind: DifferenceKind;
  account: string;
  coin: string;
  bucket: Bucket | null;
  /** What the store holds. */
  actual: bigint;
  /** What it should hold. */
  expected: bigint;
  /** What the figures are, in a few words. */
  note: string;
}

export interface CoinAudit {
  coin: string;
  /** Every balance row of the coin, available plus frozen. */
  held: bigint;
  /** What came in from the accounts outside, net: deposits minus withdrawals, demo grants, futures clearing. */
  external: bigint;
  /** `held - external`: zero when the books hold. */
  difference: bigint;
  /** The sum of the coin's whole journal: zero when the books hold. */
  journal: bigint;
  /** Balance rows checked. */
  rows: number;
  /** Journal entries summed. */
  entries: number;
}

export interface LedgerAudit {
  coins: CoinAudit[];
  differences: AuditDifference[];
  sources: Array<{ name: string; count: number }>;
}

/** What the audit reads of the store, all from one snapshot. */
export interface LedgerSnapshot {
  balances: readonly BalanceRow[];
  journal: readonly JournalSum[];
  sources: readonly FrozenSource[];
}

/** The world outside, real and demo: what it holds is what the exchange owes it, never above zero. */
const SOURCES_OUTSIDE = new Set(['@external', '@demo']);

const keyOf = (...parts: string[]) => parts.join('\u0000');

export function auditLedger(snapshot: LedgerSnapshot): LedgerAudit {
  const differences: AuditDifference[] = [];
  const coins = new Map<string, CoinAudit>();
  const coin = (name: string): CoinAudit => {
    let c = coins.get(name);
    if (!c) {
      c = { coin: name, held: 0n, external: 0n, difference: 0n, journal: 0n, rows: 0, entries: 0 };
      coins.set(name, c);
    }
    return c;
  };

  const journal = new Map<string, bigint>();
  for (const j of snapshot.journal) {
    const c = coin(j.coin);
    c.journal += j.amount;
    c.entries += j.entries;
    if (!isOutside(j.user_id)) {
      journal.set(keyOf(j.user_id, j.coin, j.bucket), j.amount);
      continue;
    }
    c.external -= j.amount;
    if (SOURCES_OUTSIDE.has(j.user_id) && j.amount > 0n) {
      differences.push({
        kind: 'negative',
        account: j.user_id,
        coin: j.coin,
        bucket: null,
        actual: -j.amount,
        expected: 0n,
        note: 'more went out to it than came in from it',
      });
    }
  }

  const frozenClaims = new Map<string, bigint>();
  for (const source of snapshot.sources) {
    differences.push(...(source.differences ?? []));
    for (const claim of source.claims) {
      const key = keyOf(claim.account, claim.coin);
      frozenClaims.set(key, (frozenClaims.get(key) ?? 0n) + claim.amount);
      if (claim.amount < 0n) {
        differences.push({
          kind: 'negative',
          account: claim.account,
          coin: claim.coin,
          bucket: 'frozen',
          actual: claim.amount,
          expected: 0n,
          note: `held by ${source.name}`,
        });
      }
    }
  }

  const rows = new Set<string>();
  for (const b of snapshot.balances) {
    const c = coin(b.coin);
    c.held += b.available + b.frozen;
    c.rows += 1;
    rows.add(keyOf(b.user_id, b.coin));
    for (const bucket of ['available', 'frozen'] as const) {
      const actual = b[bucket];
      const expected = journal.get(keyOf(b.user_id, b.coin, bucket)) ?? 0n;
      if (actual < 0n) {
        differences.push({ ...at(b, bucket), kind: 'negative', actual, expected: 0n, note: '' });
      }
      if (actual !== expected) {
        differences.push({
          ...at(b, bucket),
          kind: 'balance',
          actual,
          expected,
          note: 'balance against its journal',
        });
      }
    }
    const held = frozenClaims.get(keyOf(b.user_id, b.coin)) ?? 0n;
    if (b.frozen !== held) {
      differences.push({
        ...at(b, 'frozen'),
        kind: 'frozen',
        actual: b.frozen,
        expected: held,
        note: 'frozen against what holds it',
      });
    }
  }

  // Journal and holdings of accounts that have no balance row at all.
  for (const j of snapshot.journal) {
    if (isOutside(j.user_id) || rows.has(keyOf(j.user_id, j.coin)) || j.amount === 0n) continue;
    differences.push({
      kind: 'balance',
      account: j.user_id,
      coin: j.coin,
      bucket: j.bucket === 'frozen' ? 'frozen' : 'available',
      actual: 0n,
      expected: j.amount,
      note: 'no balance row for its journal',
    });
  }
  for (const [key, amount] of frozenClaims) {
    if (rows.has(key) || amount === 0n) continue;
    const [account = '', coinName = ''] = key.split('\u0000');
    differences.push({
      kind: 'frozen',
      account,
      coin: coinName,
      bucket: 'frozen',
      actual: 0n,
      expected: amount,
      note: 'held, but no balance row',
    });
  }

  const summary = [...coins.values()].sort((a, b) => (a.coin < b.coin ? -1 : 1));
  for (const c of summary) {
    c.difference = c.held - c.external;
    if (c.journal !== 0n) {
      differences.push({
        kind: 'journal',
        account: '*',
        coin: c.coin,
        bucket: null,
        actual: c.journal,
        expected: 0n,
        note: 'the journal of the coin does not sum to zero',
      });
    }
  }
  return {
    coins: summary,
    differences,
    sources: snapshot.sources.map((s) => ({ name: s.name, count: s.count })),
  };
}

function at(b: BalanceRow, bucket: Bucket) {
  return { account: b.user_id, coin: b.coin, bucket };
}

const KIND_TEXT: Record<DifferenceKind, string> = {
  journal: 'journal not zero',
  balance: 'balance != journal',
  negative: 'negative',
  frozen: 'frozen != held',
  record: 'record disagrees',
};

/** The audit as an operator reads it in a terminal: the summary per coin, then every difference. */
export function auditReport(audit: LedgerAudit): string[] {
  const table = [
    ['coin', 'held', 'external', 'difference', 'rows', 'entries'],
    ...audit.coins.map((c) => [
      c.coin,
      fromMinor(c.held),
      fromMinor(c.external),
      fromMinor(c.difference),
      String(c.rows),
      String(c.entries),
    ]),
  ];
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0)));
  const lines = table.map((row) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths?.[i] ?? 0) : cell.padStart(widths?.[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
  const rows = audit.coins.reduce((n, c) => n + c.rows, 0);
  const held = audit.sources.map((s) => `${s.name} ${s.count}`).join(', ');
  lines.push(
    '',
    `Checked ${rows} balance rows of ${audit.coins.length} coins. Frozen by: ${held}.`,
  );
  if (audit.differences.length === 0) {
    lines.push(
      'No differences: every journal sums to zero, every balance equals its journal, nothing is negative and every frozen amount is held.',
    );
    return lines;
  }
  lines.push(`${audit.differences.length} difference(s):`);
  for (const d of audit.differences) {
    const where = [d.account, d.coin, d.bucket].filter((p) => p !== null).join(' ');
    lines.push(
      `  ${KIND_TEXT[d.kind]}: ${where}: is ${fromMinor(d.actual)}, expected ${fromMinor(d.expected)}${d.note ? ` (${d.note})` : ''}`,
    );
  }
  return lines;
}

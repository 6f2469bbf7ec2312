/**
 * Operator commands, run beside the server on the same data:
 * `npm run quay -- <command> [options]`. Each command reads the same
 * configuration as the server (DATA_DIR, DATABASE_URL ...), opens the store
 * (running any pending migration), does one thing and closes it.
 */
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type AppConfig } from './kernel/config';
import { AppError } from './kernel/app-error';
import { serverMessage } from './kernel/messages';
import { AnnouncementRefused, ContentService } from './modules/content';
import { ApiKeyService, apiKeySealingKey } from './modules/api-keys';
import { auditFunds, creditDeposit, settleWithdrawal } from './modules/assets';
import { SYSTEM_PASSWORD_HASH, unfreezeAccount } from './modules/accounts';
import { EarnService, earnSettingsOf } from './modules/earn';
import { FeesService } from './modules/fees';
import { AGENCY_COMMAND, agencyCommand } from './cli-agency';
import { ReservesService } from './modules/reserves';
import { FeeRates } from './kernel/fee-rates';
import { DEFAULT_PERP_MARKETS, DEFAULT_SPOT_MARKETS, ticksToPrice } from '@quay/core';
import { auditReport } from './kernel/ledger-audit';
import { fromMinor } from './kernel/money';
import { openStore, type AppStore as Store } from './store';

interface CommandContext {
  config: AppConfig;
  store: Store;
  print(line: string): void;
  /** Arguments that are not options, in order. */
  positionals: string[];
}

type CommandValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Whether the command takes arguments besides its options. */
  positionals?: boolean;
  /** Resolves with the exit code when it is not 0 (a check that found something). */
  run(values: CommandValues, ctx: CommandContext): Promise<void | number>;
}

/** A wrong use of a command: the message and the usage are printed, exit code 2. */
class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required`);
  return value;
}

/** The account an operator names by email. */
async function userByEmail(store: Store, email: string): Promise<string> {
  const user = await store.repos.users.byEmail(email.trim().toLowerCase());
  if (!user) throw new UsageError(`no account with the email ${email}`);
  return user.id;
}

/** A refusal of the ledger (unknown coin, bad amount, no such withdrawal) is a wrong use. */
async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    if (err instanceof AppError) {
      throw new UsageError(
        `refused: ${serverMessage(err.errorName, 'en', err.params)} (${err.errorName})`,
      );
    }
    throw err;
  }
}

function settleCommand(outcome: 'completed' | 'rejected', summary: string, verb: string): Command {
  return {
    summary,
    usage: `${verb} <withdrawal id>`,
    options: {},
    positionals: true,
    async run(_values, { config, store, print, positionals }) {
      const id = positionals[0];
      if (!id || positionals.length !== 1) throw new UsageError('one withdrawal id is required');
      const record = await asUsage(() => settleWithdrawal(store, id, outcome, config.now()));
      print(`${record.id} ${record.status} ${fromMinor(record.amount)} ${record.coin}`);
    },
  };
}

/** The fees service beside the server: coins valued at their market's last trade. */
function feesOf(config: AppConfig, store: Store): FeesService {
  return new FeesService(store, {
    now: config.now,
    usdtPrice: async (coin) => {
      const market = DEFAULT_SPOT_MARKETS.find((m) => m.base === coin && m.quote === 'USDT');
      if (!market) return null;
      const [last] = await store.repos.spot.recentFills(market.symbol, 1);
      return last ? ticksToPrice(last.price_ticks, market) : null;
    },
    markets: [...DEFAULT_SPOT_MARKETS, ...DEFAULT_PERP_MARKETS],
    rates: new FeeRates(),
    systemPasswordHash: SYSTEM_PASSWORD_HASH,
  });
}

const COMMANDS: Record<string, Command> = {
  deposit: {
    summary: 'Credit a deposit to an account (journaled; the user sees it at once)',
    usage: 'deposit <email> <coin> <amount>',
    options: {},
    positionals: true,
    async run(_values, { config, store, print, positionals }) {
      if (positionals.length !== 3) throw new UsageError('email, coin and amount are required');
      const [email, coin, amount] = positionals as [string, string, string];
      const userId = await userByEmail(store, email);
      const id = await asUsage(() =>
        creditDeposit(store, userId, coin.toUpperCase(), amount, 'operator', config.now()),
      );
      print(id);
    },
  },
  withdrawals: {
    summary: 'List pending withdrawals, oldest first',
    usage: 'withdrawals',
    options: {},
    async run(_values, { store, print }) {
      const rows = await store.repos.ledger.records(
        null,
        { type: 'withdraw', coin: null, status: 'pending', begin: null, end: null },
        0,
        1000,
      );
      for (const r of rows.reverse()) {
        const user = await store.repos.users.byId(r.user_id);
        print(
          [
            r.id,
            user?.email ?? r.user_id,
            r.coin,
            fromMinor(r.amount),
            fromMinor(r.fee),
            r.address,
          ].join('\t'),
        );
      }
      if (rows.length === 0) print('no pending withdrawals');
    },
  },
  approve: settleCommand(
    'completed',
    'Approve a pending withdrawal: the funds leave the exchange',
    'approve',
  ),
  reject: settleCommand(
    'rejected',
    'Reject a pending withdrawal: the funds are available again',
    'reject',
  ),
  audit: {
    summary: 'Check the books (journals, balances, frozen funds); exit 1 on any difference',
    usage: 'audit',
    options: {},
    async run(_values, { store, print }) {
      const audit = await auditFunds(store);
      for (const line of auditReport(audit)) print(line);
      return audit.differences.length === 0 ? 0 : 1;
    },
  },
  'api-key': {
    summary:
      'Create an API key for an account (no second factor); prints {"apiKey","secret","passphrase"} once',
    usage: 'api-key create <email> --scopes read,trade[,withdraw] [--ip CIDR]... [--label L]',
    options: {
      scopes: { type: 'string' },
      ip: { type: 'string', multiple: true },
      label: { type: 'string' },
    },
    positionals: true,
    async run(values, { config, store, print, positionals }) {
      const [action, email] = positionals;
      if (action !== 'create' || !email || positionals.length !== 2) {
        throw new UsageError('api-key create <email> is the one form');
      }
      const userId = await userByEmail(store, email);
      const refuseCodes = async () => false;
      const keys = new ApiKeyService(
        store,
        { confirmProductChange: refuseCodes },
        apiKeySealingKey(config),
        config.now,
      );
      const ips = Array.isArray(values.ip) ? values.ip.map(String) : [];
      const created = await asUsage(() =>
        keys.createForOperator(userId, {
          label: typeof values.label === 'string' ? values.label : 'operator',
          scopes: required(values, 'scopes')
            .split(',')
            .map((s) => s.trim()),
          ips,
        }),
      );
      print(JSON.stringify(created));
    },
  },
  vip: {
    summary:
      'VIP tiers: recompute them all now, or assign a tier to an account (auto clears it); the server follows within seconds',
    usage: 'vip recompute | vip set <email> <level 0-6 | VIP3 | auto>',
    options: {},
    positionals: true,
    async run(_values, { config, store, print, positionals }) {
      const fees = feesOf(config, store);
      const [action, email, level] = positionals;
      if (action === 'recompute' && positionals.length === 1) {
        const result = await fees.recomputeAll();
        print(`${result.users} accounts, ${result.changed} changed tier`);
        return;
      }
      if (action !== 'set' || !email || !level || positionals.length !== 3)
        throw new UsageError('recompute, or set with an email and a level');
      const userId = await userByEmail(store, email);
      const match = /^(?:vip)?([0-9]{1,2})$/i.exec(level);
      if (level.toLowerCase() !== 'auto' && !match) throw new UsageError(`bad level ${level}`);
      try {
        await fees.assign(userId, match ? Number(match[1]) : null);
      } catch (err) {
        if (err instanceof RangeError) throw new UsageError(err.message);
        throw err;
      }
      const vip = await fees.myVip(userId);
      print(`${email} VIP${vip.level}${vip.assigned ? ' (assigned)' : ''}`);
    },
  },
  earn: {
    summary:
      'Earn products: list them, or change (or add) one with JSON over its terms (tiers, caps, minimum, enabled); the server reads them at once',
    usage:
      'earn list | earn set <product> \'{"userCap":"50000","tiers":[{"from":"0","to":"","apr":"0.05"}]}\'',
    options: {},
    positionals: true,
    async run(_values, { config, store, print, positionals }) {
      const earn = new EarnService(store, null, earnSettingsOf(config.earnSettings), config.now);
      await earn.seed(false);
      const [action, id, json] = positionals;
      if (action === 'list' && positionals.length === 1) {
        for (const [productId, terms] of await earn.terms()) {
          print(`${productId} ${JSON.stringify(terms)}`);
        }
        return;
      }
      if (action !== 'set' || !id || !json || positionals.length !== 3)
        throw new UsageError('list, or set with a product and its terms as JSON');
      try {
        print(JSON.stringify(await earn.setProduct(id, JSON.parse(json) as object)));
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
    },
  },
  reserves: {
    summary:
      'Proof of reserves: take a snapshot now (Merkle root, totals, holdings and ratio per coin)',
    usage: 'reserves snapshot',
    options: {},
    positionals: true,
    async run(_values, { config, store, print, positionals }) {
      if (positionals.length !== 1 || positionals[0] !== 'snapshot')
        throw new UsageError('the action snapshot is required');
      const snapshot = await new ReservesService(store, config.now).snapshot();
      print(`${snapshot.id} root ${snapshot.root}, ${snapshot.users} users`);
      for (const c of snapshot.coins) {
        print(`${c.coin} owed ${c.liabilities} held ${c.reserves} ratio ${c.ratio || '-'}`);
      }
    },
  },
  user: {
    summary: 'Unfreeze an account its owner froze: it may log in and trade again',
    usage: 'user unfreeze <email>',
    options: {},
    positionals: true,
    async run(_values, { config, store, print, positionals }) {
      const [action, email] = positionals;
      if (action !== 'unfreeze' || !email || positionals.length !== 2) {
        throw new UsageError('the action unfreeze and one email are required');
      }
      await userByEmail(store, email);
      const done = await asUsage(() => unfreezeAccount(store, email, config.now()));
      print(done ? `${email} unfrozen` : `${email} is not frozen`);
    },
  },
  agency: {
    ...AGENCY_COMMAND,
    run: (_values, { config, store, print, positionals }) =>
      asUsage(async () => void print(await agencyCommand(store, positionals, config.now()))),
  },
  p2p: {
    summary:
      'Show a P2P appeal (order, chat, evidence) or decide it: release the escrow to the buyer or refund the seller (the server applies it)',
    usage: 'p2p appeal <order id> [release|refund | save <folder>]',
    options: {},
    positionals: true,
    async run(_values, { store, print, positionals }) {
      const [action, orderId, decision, folder] = positionals;
      const deciding = decision === 'release' || decision === 'refund';
      const saving = decision === 'save' && folder !== undefined;
      if (
        action !== 'appeal' ||
        !orderId ||
        !(
          (decision === undefined && positionals.length === 2) ||
          (deciding && positionals.length === 3) ||
          (saving && positionals.length === 4)
        )
      ) {
        throw new UsageError(
          'appeal and one order id are required, then release, refund or save <folder>',
        );
      }
      const order = await store.repos.p2p.order(orderId);
      if (!order) throw new UsageError(`no order ${orderId}`);
      if (decision === 'release' || decision === 'refund') {
        if (!(await store.repos.p2p.decide(orderId, decision))) {
          throw new UsageError(`order ${orderId} is not paid or appealed, or is already decided`);
        }
        print(`${orderId} ${decision}: the server moves the escrow at its next check`);
        return;
      }
      const evidence = await store.repos.p2p.filesOf(orderId, 'evidence');
      const side = (userId: string) =>
        userId === order.buyer_id ? 'buyer' : userId === order.seller_id ? 'seller' : userId;
      if (saving) {
        mkdirSync(folder, { recursive: true });
        for (const ref of evidence) {
          const file = await store.repos.p2p.file(orderId, ref.id);
          if (!file) continue;
          const name = join(folder, `${ref.id}.${file.type.slice('image/'.length)}`);
          writeFileSync(name, Buffer.from(file.data, 'base64'));
          print(name);
        }
        print(`${evidence.length} evidence file(s) saved`);
        return;
      }
      const time = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());
      print(
        `order ${order.id}: ${order.status}${order.decision ? ` (decided: ${order.decision})` : ''}`,
      );
      print(`buyer ${order.buyer_id}, seller ${order.seller_id}`);
      print(
        `amount ${fromMinor(BigInt(order.amount))} ${order.coin} for ${fromMinor(BigInt(order.fiat_cents) * 1_000_000n)} ${order.fiat}`,
      );
      print(`opened ${time(order.created_at)}, paid ${time(order.paid_at)}`);
      print(`appeal: ${order.appeal_reason || '-'}`);
      print('chat:');
      for (const m of await store.repos.p2p.messages(orderId)) {
        const who = m.sender === 'system' ? 'system' : side(m.sender);
        print(`  ${time(m.created_at)} ${who}: ${m.image_id ? `[image ${m.image_id}]` : m.text}`);
      }
      print(`evidence (${evidence.length}):`);
      for (const f of evidence) {
        print(`  ${f.id} ${side(f.user_id)} ${f.type} ${f.size} bytes ${time(f.created_at)}`);
      }
    },
  },
  announce: {
    summary: 'Publish an announcement (HTML body from a file)',
    usage: 'announce --title "..." --body-file notice.html [--banner banners/fees.svg]',
    options: {
      title: { type: 'string' },
      'body-file': { type: 'string' },
      banner: { type: 'string' },
    },
    async run(values, { config, store, print }) {
      const title = required(values, 'title');
      const file = required(values, 'body-file');
      let bodyHtml: string;
      try {
        bodyHtml = readFileSync(file, 'utf8');
      } catch (err) {
        throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
      }
      const content = new ContentService(store, config.imageHosts, config.now);
      await content.seedIfEmpty();
      const banner = typeof values.banner === 'string' ? values.banner : null;
      try {
        print(await content.announce({ title, bodyHtml, bannerPath: banner }));
      } catch (err) {
        if (err instanceof AnnouncementRefused) throw new UsageError(err.message);
        throw err;
      }
    },
  },
};

function help(): string {
  const lines = ['Usage: npm run quay -- <command> [options]', '', 'Commands:'];
  const names = Object.keys(COMMANDS);
  // Summaries and usages start in one column, two spaces after the longest name.
  const width = Math.max(...names.map((name) => name.length)) + 2;
  for (const [name, command] of Object.entries(COMMANDS)) {
    lines.push(
      `  ${name.padEnd(width)}${command.summary}`,
      `  ${' '.repeat(width)}${command.usage}`,
    );
  }
  return lines.join('\n');
}

/** Runs one command line; resolves with the process exit code. */
export async function runCli(
  argv: string[],
  io: { out(line: string): void; err(line: string): void } = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.summary}\nUsage: npm run quay -- ${command.usage}`);
    return 0;
  }
  let values: CommandValues;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: command.positionals === true,
    });
    values = parsed.values;
    positionals = parsed.positionals;
  } catch (err) {
    io.err(`${(err as Error).message}\nUsage: npm run quay -- ${command.usage}`);
    return 2;
  }
  let config: AppConfig;
  let store: Store;
  try {
    config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  } catch (err) {
    io.err(`Configuration refused: ${(err as Error).message}`);
    return 1;
  }
  try {
    store = await openStore({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      onBackgroundError: (err) => io.err(`database connection error: ${err.message}`),
    });
  } catch (err) {
    io.err(`Cannot open the store: ${(err as Error).message}`);
    return 1;
  }
  try {
    return (await command.run(values, { config, store, print: io.out, positionals })) ?? 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${err.message}\nUsage: npm run quay -- ${command.usage}`);
      return 2;
    }
    io.err(`${name} failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
}

/** Whether this file is the script node was started with (not imported by a test). */
function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    // Real paths on both sides: symlinks and characters a file URL escapes (spaces) compare equal.
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  process.exitCode = await runCli(process.argv.slice(2));
}

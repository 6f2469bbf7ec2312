/**
 * Operator commands, run beside the server on the same data:
 * `npm run quay -- <command> [options]`. Each command reads the same
 * configuration as the server (DATA_DIR, DATABASE_URL ...), opens the store
 * (running any pending migration), does one thing and closes it.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type AppConfig } from './config';
import { AnnouncementRefused, ContentService } from './domain/content';
import { openStore, type Store } from './store/db';

interface CommandContext {
  config: AppConfig;
  store: Store;
  print(line: string): void;
}

type CommandValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(values: CommandValues, ctx: CommandContext): Promise<void>;
}

/** A wrong use of a command: the message and the usage are printed, exit code 2. */
class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required`);
  return value;
}

const COMMANDS: Record<string, Command> = {
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
  for (const [name, command] of Object.entries(COMMANDS)) {
    lines.push(`  ${name.padEnd(10)} ${command.summary}`, `             ${command.usage}`);
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
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true }).values;
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
    await command.run(values, { config, store, print: io.out });
    return 0;
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

/**
 * The operator CLI (`npm run --silent cli -- <group> <verb> [options]`): parses argv with
 * `util.parseArgs`, validates, then runs the command on the database — opened here, or, when the
 * running server holds the embedded database, through the server's admin channel.
 *
 * Output: the command's JSON result on stdout. Errors: one line on stderr; exit code 2 for bad input
 * (unknown command or option, missing flag, unknown tenant or scope...), 1 for anything else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { env } from '@/lib/config/env';
import { DataDirLockedError, readLockOwner, type LockOwner } from '@/lib/db/pglite-lock';
import { AdminChannelError, callAdminChannel } from './client';
import { COMMANDS, describeFailure, findCommand, GROUPS, prepareCommand, UsageError, usageOf, type Command, type RawArgs } from './commands';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

export function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: npm run --silent cli -- <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "npm run --silent cli -- <command> --help" for the options of a command.',
    'The database is the one the server uses: DATABASE_URL, or PGlite in ${DATA_DIR:-./.data}/pglite.',
    '',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const lines = [`Usage: npm run --silent cli -- ${usageOf(command)}`, '', command.summary, '', ...(command.details ? [command.details, ''] : [])];
  const options = Object.entries(command.options);
  if (options.length) {
    const flags = options.map(([name, o]) => (o.type === 'boolean' ? `--${name}` : `--${name} ${o.value ?? '<value>'}`));
    const width = Math.max(...flags.map((f) => f.length));
    lines.push('Options:', ...options.map(([, o], i) => `  ${flags[i].padEnd(width)}  ${o.description}${o.required ? ' (required)' : ''}`), '');
  }
  return lines.join('\n');
}

type Parsed = { help: string } | { command: Command; args: RawArgs };

/** argv (after `cli.ts`) to a command and its raw arguments; throws UsageError. */
export function parseCommandLine(argv: readonly string[]): Parsed {
  const [group, verb] = argv;
  if (group === undefined) throw new UsageError('No command given.');
  if (group === 'help' || group === '--help' || group === '-h') return { help: usage() };
  if (!GROUPS.includes(group)) throw new UsageError(`Unknown command "${group}".`);
  const verbs = COMMANDS.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.split(' ')[1]);
  if (verb === undefined || verb.startsWith('-')) {
    if (verb === '--help' || verb === '-h') return { help: usage() };
    throw new UsageError(`"${group}" needs a subcommand: ${verbs.join(', ')}.`);
  }
  const command = findCommand(`${group} ${verb}`);
  if (!command) throw new UsageError(`Unknown command "${group} ${verb}"; "${group}" has: ${verbs.join(', ')}.`);

  const positionals = command.positionals ?? [];
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(2),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: positionals.length > 0,
      strict: true,
    });
  } catch (error) {
    // node's messages are clear ("Unknown option '--x'", "Option '--tenant <value>' argument missing").
    throw new UsageError((error as Error).message.split('\n')[0], command.name);
  }
  if (parsed.values.help) return { help: commandHelp(command) };
  if (parsed.positionals.length > positionals.length) {
    throw new UsageError(`Unexpected argument "${parsed.positionals[positionals.length]}".`, command.name);
  }
  const args: RawArgs = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (name === 'help') continue;
    // Flags travel as 'true' (the admin channel takes strings); a path is made absolute here, where it was typed.
    if (typeof value === 'string') args[name] = command.options[name]?.path ? path.resolve(value) : value;
    else if (value === true) args[name] = 'true';
  }
  positionals.forEach((name, i) => (args[name] = parsed.positionals[i]));
  return { command, args };
}

/** Past this size, an import through a running server holding PGlite is worth a warning. */
export const LARGE_IMPORT_BYTES = 1024 * 1024;

/**
 * An import is one transaction, and PGlite has one connection: while it runs, the server holding
 * the embedded database answers no other request (a 200,000-line file: about a minute). Said before
 * it starts, so that no one mistakes it for an outage (issue 26, finding 15).
 */
function warnOfLongImport(command: Command, args: RawArgs, io: Io): void {
  if (!command.name.endsWith(' import') || typeof args.file !== 'string') return;
  const size = fs.statSync(args.file, { throwIfNoEntry: false })?.size ?? 0;
  if (size < LARGE_IMPORT_BYTES) return;
  io.stderr(
    `Note: the running server holds the embedded database and answers no other request until this import of ${(size / 1024 / 1024).toFixed(1)} MB ends ` +
      `(about 30 s per 100,000 lines). Import files of this size on PostgreSQL (DATABASE_URL), or with the server stopped.\n`,
  );
}


/**
 * Runs a validated command where the database is: opened here (PostgreSQL, or PGlite when free),
 * or through the admin channel of the server that holds PGlite. A process that holds PGlite without
 * a channel (another CLI command, a server still starting) is waited for, up to a limit.
 */
async function execute(command: Command, args: RawArgs, input: unknown, io: Io): Promise<unknown> {
  const { configFromEnv } = await import('@/lib/db/client');
  const config = configFromEnv();
  const viaServer = (owner: LockOwner & { port: number }) => {
    warnOfLongImport(command, args, io);
    return callAdminChannel(config.dataDir!, owner, { command: command.name, args });
  };
  const running = config.dataDir ? readLockOwner(config.dataDir) : undefined;
  if (running?.port) return viaServer({ ...running, port: running.port });

  // How long to wait for a process holding the embedded database without an admin channel.
  const deadline = Date.now() + env.CLI_LOCK_WAIT_MS;
  let announced = false;
  for (;;) {
    let owner: LockOwner;
    try {
      return await runHere(command, input);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      owner = error.owner;
    }
    if (owner.port) return viaServer({ ...owner, port: owner.port });
    if (Date.now() >= deadline) {
      throw new Error(
        `The embedded database ${config.dataDir} is held by process ${owner.pid} (since ${owner.startedAt}), which offers no ` +
          `admin channel: it is not a running server, or one still starting. Stop it or try again; with DATABASE_URL there is no lock.`,
      );
    }
    if (!announced) io.stderr(`Waiting for process ${owner.pid}, which holds the embedded database...\n`);
    announced = true;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/**
 * Opens the database the way the server does (migrate, seed when empty) and runs the command.
 * `db seed` opens it bare, since seeding is what it does and reports.
 */
async function runHere(command: Command, input: unknown): Promise<unknown> {
  const [{ closeDatabase }, { configFromEnv, openDatabase }, { prepareDatabase }] = await Promise.all([import('@/lib/app-db'), import('@/lib/db/client'), import('@/lib/start-up')]);
  if (command.name === 'db seed') {
    const database = await openDatabase(configFromEnv());
    try {
      return await command.run(database, input);
    } finally {
      await database.close();
    }
  }
  const database = await prepareDatabase();
  try {
    return await command.run(database, input);
  } finally {
    await closeDatabase();
  }
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let commandName: string | undefined;
  try {
    const parsed = parseCommandLine(argv);
    if ('help' in parsed) {
      io.stdout(parsed.help);
      return 0;
    }
    commandName = parsed.command.name;
    const { command, input } = prepareCommand(parsed.command.name, parsed.args);
    const result = await execute(command, parsed.args, input, io);
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return command.exitCode?.(result, input) ?? 0;
  } catch (error) {
    const { status, message } = error instanceof AdminChannelError ? error : describeFailure(error);
    // 4xx is bad input, except the channel refusing this CLI (401, 403), which is no fault of the command.
    const badInput = status >= 400 && status < 500 && !(error instanceof AdminChannelError && (status === 401 || status === 403));
    let line = `error: ${message.replace(/\s*\n\s*/g, ' ')}`;
    if (error instanceof UsageError) {
      const name = error.command ?? commandName;
      line += name ? ` (see: npm run --silent cli -- ${name} --help)` : ' (see: npm run --silent cli -- help)';
    }
    io.stderr(`${line}\n`);
    if (!badInput && env.DEBUG && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return badInput ? 2 : 1;
  }
}

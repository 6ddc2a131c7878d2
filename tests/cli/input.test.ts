/** The CLI refuses bad input with exit code 2 and one line on stderr, before opening any database. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@/lib/admin/cli';
import { cli, tempDir } from './helpers';

const env = { DATA_DIR: path.join(tempDir(), 'never-opened') };

const BAD_INPUT: Array<[string[], RegExp]> = [
  [[], /^error: No command given\. \(see: npm run --silent cli -- help\)$/],
  [['frobnicate'], /Unknown command "frobnicate"/],
  [['token', 'create'], /^error: --tenant <slug> is required\. \(see: npm run --silent cli -- token create --help\)$/],
  [['token', 'create', '--tenant', 'acme', '--scopes', 'order.read,order.fly'], /Unknown scope\(s\): order\.fly\. Known scopes: order\.create,/],
  [['token', 'create', '--tenant', 'acme', '--expires-in', 'soon'], /--expires-in must be a positive whole number of seconds, not "soon"/],
  [['user', 'create', '--tenant', 'acme', '--email', 'x@y.test', '--role', 'king'], /Unknown role "king"; expected one of admin, manager, staff, viewer/],
  // The same checks, run in this process (main() is what scripts/cli.ts runs, minus process.exit).
  [['token'], /"token" needs a subcommand: create, revoke, list/],
  [['token', 'mint'], /Unknown command "token mint"/],
  [['token', 'create', '--tenant'], /argument missing/],
  [['token', 'create', '--tenant', 'acme', '--bogus'], /Unknown option '--bogus'/],
  [['token', 'create', '--tenant', 'acme', '--expires-in', '0'], /--expires-in must be a positive whole number/],
  [['token', 'create', '--tenant', 'acme', '--expires-in', '1.5'], /--expires-in must be a positive whole number/],
  [['token', 'create', '--tenant', 'acme', '--scopes', ','], /--scopes needs a comma-separated list or "all"/],
  [['token', 'revoke'], /id of the token to revoke is required/],
  [['token', 'revoke', 'a', 'b'], /Unexpected argument "b"/],
  [['token', 'list', '--tenant', ' '], /--tenant needs a value/],
  [['user', 'create', '--tenant', 'acme', '--role', 'admin'], /--email <email> is required/],
  [['webhook-secret', 'show'], /--tenant <slug> is required/],
  [['tenant', 'create', '--slug', 'Acme Inc', '--name', 'Acme'], /slug "Acme Inc" must be 1 to 63 lower-case letters/],
];
const AS_PROCESS = 6;

function expectBadInput(run: { code: number | null; stdout: string; stderr: string }, message: RegExp) {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr.trimEnd()).toMatch(message);
}

describe('bad input', () => {
  it.concurrent.each(BAD_INPUT.slice(0, AS_PROCESS))('cli %j', async (args, message) => {
    expectBadInput(await cli(args, env), message);
  });

  it.each(BAD_INPUT.slice(AS_PROCESS))('main(%j)', async (args, message) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    expectBadInput({ code, stdout, stderr }, message);
  });

  it('opened no database', () => {
    expect(fs.existsSync(env.DATA_DIR)).toBe(false);
  });
});

describe('help', () => {
  it('lists the commands, and the options of one, with exit code 0', async () => {
    const [all, one] = await Promise.all([cli(['help'], env), cli(['token', 'create', '--help'], env)]);
    expect(all.code).toBe(0);
    for (const name of ['token create', 'token revoke', 'token list', 'user create', 'db seed', 'webhook-secret show', 'webhook-secret rotate', 'tenant create']) {
      expect(all.stdout).toContain(name);
    }
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('token create --tenant <slug> [--scopes <scope,...|all>] [--companies <id,...|all>] [--expires-in <seconds>] [--name <text>]');
  });
});

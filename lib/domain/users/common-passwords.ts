/**
 * The most common passwords (common-passwords.txt beside this file, its source in its head), which
 * an attacker tries first: a dashboard password may not be one of them, whatever its case. Read
 * once, on the server only (the browser's forms import password-rules.ts, which must stay free of
 * node:fs); resolved from the working directory like the migrations (lib/db/client.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

const LIST = path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib/domain/users/common-passwords.txt');

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(LIST, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());

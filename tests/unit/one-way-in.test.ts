/**
 * Issue 28, "one way in and out": the dashboard changes nothing through a server action; every
 * change is an operation of /api/v2 (the one wrapper: scopes, parsing, the error envelope, audit).
 * A `'use server'` directive anywhere in the application's code fails this test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

describe('no server actions', () => {
  it("no file of app/, components/ or lib/ declares 'use server'", () => {
    const files = ['app', 'components', 'lib'].flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => /^\s*['"]use server['"]/m.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

/**
 * `npm run arch:report`: the figures of the layering work (issue 28), measured from the sources
 * rather than guessed:
 *
 * - the import loops between lib/domain modules (a module is a folder of lib/domain, or a file
 *   directly in it), type-only imports left out: strongly connected sets of more than one module;
 * - process singletons (`Symbol.for('dto.…')` keys on globalThis);
 * - `process.env` reads outside lib/config (lib, app, components, scripts and the root's own files:
 *   playwright.config.ts, next.config.mjs, instrumentation.ts, proxy.ts...), the one allowed
 *   exception named (ALLOWED_ENV_READS);
 * - the exported functions of lib/domain by the shape of their first parameter:
 *   `({ ctx, input })`, `(ctx, …)`, `(db, …)` or another.
 *
 * Plain text parsing, no compiler (scripts/lib/architecture.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainImports, filesUnder, root } from './lib/architecture';

const { files: domainFiles, graph, loops } = domainImports();

const isCode = (f: string) => /\.(tsx?|mjs|cjs|js)$/.test(f) && !/\.test\.tsx?$/.test(f);
const rootFiles = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isFile() && isCode(e.name)).map((e) => path.join(root, e.name));
const everySource = [...['lib', 'app', 'components', 'scripts'].flatMap((dir) => filesUnder(path.join(root, dir), isCode)), ...rootFiles];

/**
 * Reads that stay outside lib/config, by file: Next.js replaces `process.env.NEXT_RUNTIME` in each
 * bundle at build time, and only written out like that does the edge bundle of instrumentation.ts
 * drop its Node.js-only imports.
 */
const ALLOWED_ENV_READS: Record<string, { pattern: RegExp; text: string; why: string }> = {
  'instrumentation.ts': { pattern: /process\.env\.NEXT_RUNTIME\b/g, text: 'process.env.NEXT_RUNTIME', why: 'replaced by Next.js at build time' },
};

const singletons = new Set<string>();
const envReads: Array<{ file: string; count: number; allowed: number }> = [];
for (const file of everySource) {
  if (file === import.meta.filename) continue; // this report names what it counts
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/Symbol\.for\('(dto\.[^']+)'\)/g)) singletons.add(match[1]);
  const relative = path.relative(root, file);
  if (relative.startsWith(`lib${path.sep}config`)) continue;
  const count = [...text.matchAll(/process\.env\b/g)].length;
  const exception = ALLOWED_ENV_READS[relative];
  const allowed = exception ? [...text.matchAll(exception.pattern)].length : 0;
  if (count) envReads.push({ file: relative, count, allowed });
}

const conventions = { '({ ctx, input })': 0, '(ctx, …)': 0, '(db, …)': 0, other: 0 };
for (const file of domainFiles) {
  for (const match of fs.readFileSync(file, 'utf8').matchAll(/^export (?:async )?function \w+(?:<[^>]*>)?\(\s*([^)]*)/gm)) {
    const first = match[1].trim();
    // An operation: `({ ctx, input })`, with the id of what it changes where it has one (`{ ctx, id, input }`).
    if (/^\{\s*ctx\s*,/.test(first)) conventions['({ ctx, input })']++;
    else if (/^ctx\b/.test(first)) conventions['(ctx, …)']++;
    else if (/^db\b/.test(first)) conventions['(db, …)']++;
    else conventions.other++;
  }
}

console.log(`lib/domain: ${graph.size} modules, ${domainFiles.length} files`);
console.log(`import loops (run-time imports): ${loops.length ? loops.map((l) => `${l.length} modules: ${l.join(', ')}`).join('; ') : 'none'}`);
console.log(`process singletons (Symbol.for('dto.…')): ${singletons.size}${singletons.size ? ` (${[...singletons].sort().join(', ')})` : ''}`);
const inApp = envReads.filter((r) => /^(lib|app|components)\//.test(r.file.split(path.sep).join('/')));
const atRoot = envReads.filter((r) => !r.file.includes(path.sep));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const total = (reads: typeof envReads) => `${plural(reads.reduce((n, r) => n + r.count, 0), 'read')} in ${plural(reads.length, 'file')}`;
const allowedReads = envReads.filter((r) => r.allowed);
const allowedText = allowedReads.length
  ? allowedReads.map((r) => `${r.allowed} in ${r.file} (${ALLOWED_ENV_READS[r.file].text}, ${ALLOWED_ENV_READS[r.file].why})`).join(', ')
  : 'none';
console.log(`process.env outside lib/config: ${total(envReads)} (lib, app, components: ${total(inApp)}; root files: ${total(atRoot)}); allowed: ${allowedText}`);
for (const read of envReads.sort((a, b) => b.count - a.count)) {
  const note = read.allowed ? `  (allowed: ${read.allowed === read.count ? 'all' : read.allowed})` : '';
  console.log(`  ${read.count}  ${read.file}${note}`);
}
console.log('exported domain functions by their first parameter:');
for (const [shape, count] of Object.entries(conventions)) console.log(`  ${String(count).padStart(3)}  ${shape}`);

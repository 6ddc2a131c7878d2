/**
 * `npm run arch:report`: the figures of the layering work (issue 28), measured from the sources
 * rather than guessed:
 *
 * - the import loops between lib/domain modules (a module is a folder of lib/domain, or a file
 *   directly in it), type-only imports left out: strongly connected sets of more than one module;
 * - process singletons (`Symbol.for('dto.…')` keys on globalThis);
 * - `process.env` reads outside lib/config;
 * - the exported functions of lib/domain by the shape of their first parameter:
 *   `({ ctx, input })`, `(ctx, …)`, `(db, …)` or another.
 *
 * Plain text parsing, no compiler (scripts/lib/architecture.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainImports, filesUnder, root } from './lib/architecture';

const { files: domainFiles, graph, loops } = domainImports();

const everySource = ['lib', 'app', 'components', 'scripts'].flatMap((dir) => filesUnder(path.join(root, dir), (f) => /\.(tsx?|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f)));
const singletons = new Set<string>();
const envReads: Array<{ file: string; count: number }> = [];
for (const file of everySource) {
  if (file === import.meta.filename) continue; // this report names what it counts
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/Symbol\.for\('(dto\.[^']+)'\)/g)) singletons.add(match[1]);
  const relative = path.relative(root, file);
  if (relative.startsWith(`lib${path.sep}config`)) continue;
  const count = [...text.matchAll(/process\.env\b/g)].length;
  if (count) envReads.push({ file: relative, count });
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
const inApp = envReads.filter((r) => !r.file.startsWith('scripts'));
const total = (reads: typeof envReads) => `${reads.reduce((n, r) => n + r.count, 0)} reads in ${reads.length} files`;
console.log(`process.env outside lib/config: ${total(envReads)} (lib, app, components: ${total(inApp)})`);
for (const read of envReads.sort((a, b) => b.count - a.count)) console.log(`  ${read.count}  ${read.file}`);
console.log('exported domain functions by their first parameter:');
for (const [shape, count] of Object.entries(conventions)) console.log(`  ${String(count).padStart(3)}  ${shape}`);

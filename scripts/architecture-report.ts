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
 * Plain text parsing, no compiler: an import is `import … from '…'` or `export … from '…'`.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const domain = path.join(root, 'lib/domain');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** The lib/domain module of a file: its first folder, or the file's name for a file at the top. */
function moduleOf(file: string): string | null {
  const relative = path.relative(domain, file);
  if (relative.startsWith('..')) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length ? first : first.replace(/\.tsx?$/, '');
}

function resolve(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@/')) target = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The modules a file imports at run time (type-only imports and specifiers left out). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)) {
    const [, , typeOnly, clause, specifier] = match;
    if (typeOnly) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (braces && braces[1].split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '))) continue;
    const target = resolve(file, specifier);
    if (target) found.push(target);
  }
  return found;
}

/** Tarjan's strongly connected components. */
function components(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      result.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return result;
}

const domainFiles = filesUnder(domain, isSource);
const graph = new Map<string, Set<string>>();
for (const file of domainFiles) {
  const from = moduleOf(file)!;
  if (!graph.has(from)) graph.set(from, new Set());
  for (const target of runtimeImports(file)) {
    const to = moduleOf(target);
    if (to && to !== from) graph.get(from)!.add(to);
  }
}
const loops = components(graph).filter((c) => c.length > 1);

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
    if (/^\{\s*ctx\s*,\s*input\b/.test(first)) conventions['({ ctx, input })']++;
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

/**
 * The import graph of lib/domain, read from the sources (plain text parsing, no compiler: an import
 * is `import … from '…'` or `export … from '…'`; type-only imports are left out). A module is a
 * folder of lib/domain, or a file directly in it. `npm run arch:report` prints it; a unit test
 * (tests/unit/architecture.test.ts) fails on any import loop between modules.
 */
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const domain = path.join(root, 'lib/domain');

export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

export const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);

/** The lib/domain module of a file: its first folder, or the file's name for a file at the top. */
export function moduleOf(file: string): string | null {
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


/** The domain's modules, each with the modules it imports at run time; and the loops among them. */
export function domainImports() {
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
  return { files: domainFiles, graph, loops };
}

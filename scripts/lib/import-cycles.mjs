/**
 * Files that import each other in a loop (docs/architecture.md, "Where an area's files go"): the
 * import graph of the TypeScript under the given folders, read from the files' own import and
 * export lines (type-only ones too: a loop of types still ties two files' meanings together) and
 * dynamic `import('…')`s, relative paths only, each loop found as one strongly connected group
 * (Tarjan). unit import-cycles keeps src/ and server/ at none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(?:ts|tsx|mts)$/;
const SPECIFIERS = [
  /(?:^|[\n;])\s*(?:import|export)\b[^;'"`]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /(?:^|[\n;])\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g,
  /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
];

function sourceFiles(folder, out = []) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') sourceFiles(path, out);
    } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The file a relative specifier names, if it is TypeScript of the tree. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Each loop of imports under `folders` (paths relative to `root`), its files sorted; none: []. */
export function importCycles(root, folders) {
  const files = folders.flatMap((folder) => sourceFiles(resolve(root, folder)));
  const edges = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const pattern of SPECIFIERS)
      for (const match of text.matchAll(pattern)) {
        const target = resolveSpecifier(file, match[1]);
        if (target && target !== file) targets.add(target);
      }
    edges.set(file, [...targets]);
  }
  // Tarjan's strongly connected components, iteratively (a deep chain must not overflow the stack).
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = edges.get(node) ?? [];
      if (next < targets.length) {
        frame[1]++;
        const target = targets[next];
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(relative(root, member));
        } while (member !== node);
        if (group.length > 1) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

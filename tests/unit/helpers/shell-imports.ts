import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The signed-in shell's own modules, walked as the build walks them: static imports from
 * LoggedInApp (scripts/vite-signed-in-shell.ts puts what it reaches in the shell's chunk, which
 * every signed-in first load fetches).
 */
export const SRC = resolve('src');
export const SHELL_ROOT = join(SRC, 'custom', 'routes', 'LoggedInApp.tsx');

export const read = (file: string) => readFileSync(file, 'utf8');

/** A relative import's file: the path with .ts or .tsx, or its folder's index. */
export function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const path of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.tsx'), join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(path) && existsSync(path)) return path;
  }
  return null;
}

/** What a file imports or re-exports statically (not `import type`, not `import()`). */
export function staticImports(source: string): string[] {
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s*from\s*)?['"]([^'"]+)['"]/g)]
    .filter((m) => !m[1])
    .map((m) => m[2]!);
}

/** Every file of ours the signed-in shell imports statically, each with its source. */
export function shellFiles(): Map<string, string> {
  const found = new Map<string, string>();
  const todo = [SHELL_ROOT];
  while (todo.length) {
    const file = todo.pop()!;
    if (found.has(file)) continue;
    const source = read(file);
    found.set(file, source);
    for (const specifier of staticImports(source)) {
      const next = specifier.startsWith('.') ? resolveImport(file, specifier) : null;
      if (next) todo.push(next);
    }
  }
  return found;
}

// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An icon the sidebar fetches on its own (src/ui/sidebar-icons.tsx, `import('…/icons/Name')`) is
 * not one the signed-in shell imports statically: the build puts what the shell imports in the
 * shell's chunk (scripts/vite-signed-in-shell.ts), so the lazy import bought nothing and the build
 * warned at every run (INEFFECTIVE_DYNAMIC_IMPORT: InfoCircle, Message and Notification, which the
 * not-built-yet screen, the support chat's launcher and the user menu draw). The sidebar takes
 * those from the shell instead (inShell). The shell is walked here as the build walks our own
 * modules: static imports from LoggedInApp, and the icons each names.
 */
const SRC = resolve('src');
const ROOT = join(SRC, 'custom', 'routes', 'LoggedInApp.tsx');
const SIDEBAR = join(SRC, 'ui', 'sidebar-icons.tsx');

const read = (file: string) => readFileSync(file, 'utf8');

/** A relative import's file: the path with .ts or .tsx, or its folder's index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const path of [base, `${base}.tsx`, `${base}.ts`, join(base, 'index.tsx'), join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(path) && existsSync(path)) return path;
  }
  return null;
}

/** What a file imports or re-exports statically (not `import type`, not `import()`). */
function staticImports(source: string): string[] {
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s*from\s*)?['"]([^'"]+)['"]/g)]
    .filter((m) => !m[1])
    .map((m) => m[2]!);
}

/** The icons a file imports statically: from antd's icons barrel or from an icon's own module. */
function iconsNamed(source: string): string[] {
  const fromBarrel = [...source.matchAll(/import\s+\{([^}]*)\}\s*from\s*['"]@ant-design\/icons['"]/g)].flatMap((m) =>
    m[1]!.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!),
  );
  const ownModule = [...source.matchAll(/import\s+\w+\s+from\s*['"]@ant-design\/icons\/es\/icons\/(\w+)['"]/g)].map(
    (m) => m[1]!,
  );
  return [...fromBarrel, ...ownModule].filter(Boolean);
}

/** Every file of ours the signed-in shell imports statically, by the icons each names. */
function shellIcons(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const todo = [ROOT];
  while (todo.length) {
    const file = todo.pop()!;
    if (found.has(file)) continue;
    const source = read(file);
    found.set(file, iconsNamed(source));
    for (const specifier of staticImports(source)) {
      const next = specifier.startsWith('.') ? resolveImport(file, specifier) : null;
      if (next) todo.push(next);
    }
  }
  return found;
}

describe('sidebar icons fetched on their own', () => {
  const lazy = [...read(SIDEBAR).matchAll(/import\('@ant-design\/icons\/es\/icons\/(\w+)'\)/g)].map((m) => m[1]!);
  const shell = shellIcons();

  it('are read, and so is the shell (the patterns still match the files)', () => {
    expect(lazy.length).toBeGreaterThan(20);
    expect(shell.has(SIDEBAR)).toBe(true);
    expect(shell.get(join(SRC, 'custom', 'layout', 'UserMenu.tsx'))).toContain('BellOutlined');
  });

  it('are none of the icons the signed-in shell imports statically', () => {
    const clashes = [...shell].flatMap(([file, icons]) =>
      icons.filter((icon) => lazy.includes(icon)).map((icon) => `${file.slice(SRC.length + 1)}: ${icon}`),
    );
    expect(clashes).toEqual([]);
  });
});

// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, read, shellFiles } from './helpers/shell-imports';

/**
 * An icon the sidebar fetches on its own (src/ui/sidebar-icons.tsx, `import('…/icons/Name')`) is
 * not one the signed-in shell imports statically: the build puts what the shell imports in the
 * shell's chunk (scripts/vite-signed-in-shell.ts), so the lazy import bought nothing and the build
 * warned at every run (INEFFECTIVE_DYNAMIC_IMPORT: InfoCircle, Message and Notification, which the
 * not-built-yet screen, the support chat's launcher and the user menu draw). The sidebar takes
 * those from the shell instead (inShell). The shell is walked here as the build walks our own
 * modules: static imports from LoggedInApp, and the icons each names.
 */
const SIDEBAR = join(SRC, 'ui', 'sidebar-icons.tsx');

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
  return new Map([...shellFiles()].map(([file, source]) => [file, iconsNamed(source)]));
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

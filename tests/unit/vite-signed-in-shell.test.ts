// @vitest-environment node
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedBarrelMembers, publicPageImports } from '../../scripts/vite-signed-in-shell';

/**
 * The build's signed-in shell group (scripts/vite-signed-in-shell.ts) keeps out what a signed-out
 * visitor can load. It reads two things from the sources: which of a manifest's lazy pages are
 * public (only those are followed from the signed-out side), and which members of antd's and the
 * icons' barrels a module of ours names (a walk through a barrel would reach all of antd).
 */
const custom = resolve('src/custom');
const withExtension = (paths: string[]) => paths.map((p) => `${p}.tsx`);

describe('publicPageImports', () => {
  it("follows a manifest's public pages and none of its signed-in screens", () => {
    const manifest = join(custom, 'payments', 'manifest.ts');
    const lazy = withExtension([
      join(custom, 'payments', 'checkout', 'CheckoutPage'),
      join(custom, 'payments', 'links', 'PaymentLinksPage'),
      join(custom, 'payments', 'links', 'PayLinkPage'),
    ]);
    expect(publicPageImports(manifest, lazy)).toEqual([join(custom, 'payments', 'links', 'PayLinkPage.tsx')]);
  });

  it('reads every entry of a list of public pages', () => {
    const manifest = join(custom, 'legal', 'manifest.ts');
    const lazy = withExtension([join(custom, 'legal', 'TermsOfService'), join(custom, 'legal', 'PrivacyPolicy')]);
    expect(publicPageImports(manifest, lazy)).toEqual(lazy);
  });

  it('follows nothing of a manifest without public pages', () => {
    const manifest = join(custom, 'home', 'manifest.ts');
    expect(publicPageImports(manifest, withExtension([join(custom, 'home', 'HomePage')]))).toEqual([]);
  });
});

describe('namedBarrelMembers', () => {
  const require = createRequire(import.meta.url);
  const antd = realpathSync(dirname(require.resolve('antd/es/index.js')));
  const icons = realpathSync(dirname(require.resolve('@ant-design/icons/es/index.js')));
  const ids = [
    join(antd, 'index.js'),
    join(antd, 'button', 'index.js'),
    join(antd, 'table', 'index.js'),
    join(antd, 'spin', 'index.js'),
    join(icons, 'index.js'),
    join(icons, 'icons', 'index.js'),
    join(icons, 'icons', 'BellOutlined.js'),
    join(icons, 'icons', 'InboxOutlined.js'),
  ];
  const file = (source: string) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'signed-in-shell-')), 'src');
    mkdirSync(dir);
    const path = join(dir, 'Screen.tsx');
    writeFileSync(path, source);
    return path;
  };

  it('gives the members a module names, not the whole package', () => {
    const path = file(
      [
        "import { Button, type TableProps } from 'antd';",
        "import type { SpinProps } from 'antd';",
        "import { BellOutlined as Bell } from '@ant-design/icons';",
      ].join('\n'),
    );
    expect(namedBarrelMembers(path, ids, new Map()).sort()).toEqual(
      [join(antd, 'button', 'index.js'), join(icons, 'icons', 'BellOutlined.js')].sort(),
    );
  });

  it('gives nothing for a module outside src', () => {
    expect(namedBarrelMembers(join(antd, 'table', 'Table.js'), ids, new Map())).toEqual([]);
  });
});

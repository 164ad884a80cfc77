import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The signed-in shell in one file. Everything the LoggedInApp chunk imports statically runs
 * before any signed-in screen, but the bundler cut it into ~15 files by which lazy screens share
 * each module (the resource declarations and their endpoints, the sidebar, the access rules, the
 * unsaved-changes guard, ...), and every file costs its import glue and its own gzip dictionary
 * (docs/architecture.md, "The design card's packages"). A bundler group gathers them, less what
 * a signed-out visitor can load: the entry, the logged-out pages and the areas' public pages
 * (area.ts, publicRoutes) with all they import, so that a login or public page never fetches
 * the signed-in shell. What both load (the clock's format, Refine for the public form) keeps the
 * bundler's own chunks.
 *
 * The graph is walked once the build has read every module (buildEnd), before the chunks are
 * made; `test` is the group's test. generateBundle checks the result: no chunk a signed-out
 * visitor loads may import the group's chunk.
 */
export const SIGNED_IN_CHUNK = 'signed-in';
const SIGNED_IN_ROOT = /\/src\/custom\/routes\/LoggedInApp\.tsx$/;
const MANIFEST = /\/src\/custom\/[^/]+\/manifest\.tsx?$/;

type Info = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean };

/** The dynamic imports a manifest makes for its public pages: the `publicRoutes` entries' import('./…'). */
export function publicPageImports(manifest: string, dynamicIds: readonly string[]): string[] {
  const source = readFileSync(manifest, 'utf8');
  const at = source.indexOf('publicRoutes:');
  if (at < 0) return [];
  // The array after `publicRoutes:`, up to its closing bracket.
  let depth = 0;
  let end = at;
  for (let i = source.indexOf('[', at); i < source.length; i += 1) {
    if (source[i] === '[') depth += 1;
    if (source[i] === ']' && --depth === 0) {
      end = i;
      break;
    }
  }
  const wanted = [...source.slice(at, end).matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) =>
    resolve(dirname(manifest), m[1]!),
  );
  return dynamicIds.filter((id) => wanted.some((path) => id.replace(/\.[cm]?[jt]sx?$/, '') === path));
}

/**
 * Barrel modules: their import lists name every component or icon of the package, so a walk
 * through them would reach all of it. A module of ours reaches only the members it names.
 */
const BARRELS: Record<string, string[]> = {
  antd: ['antd/es/index.js'],
  '@ant-design/icons': ['@ant-design/icons/es/index.js', '@ant-design/icons/es/icons/index.js'],
};
const isBarrel = (id: string) =>
  Object.values(BARRELS).some((files) => files.some((f) => id.endsWith(`/node_modules/${f}`)));

/** A barrel's `export { default as Name } from './path'` lines: name -> the module's path without extension. */
function barrelMembers(barrel: string): Map<string, string> {
  const members = new Map<string, string>();
  for (const m of readFileSync(barrel, 'utf8').matchAll(/export \{ default as (\w+) \} from ['"]([^'"]+)['"]/g)) {
    members.set(m[1]!, resolve(dirname(barrel), m[2]!));
  }
  return members;
}

/** The members of the barrels a module of ours names in its imports, as module ids among `ids`. */
export function namedBarrelMembers(
  file: string,
  ids: readonly string[],
  cache: Map<string, Map<string, string>>,
): string[] {
  if (!/\/src\/.*\.tsx?$/.test(file)) return [];
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](antd|@ant-design\/icons)['"]/g)) {
    if (m[1]) continue;
    const names = m[2]!
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]!);
    const barrels = BARRELS[m[3]!]!.map((f) => ids.find((id) => id.endsWith(`/node_modules/${f}`))).filter(
      (id): id is string => id != null,
    );
    for (const barrel of barrels) {
      if (!cache.has(barrel)) cache.set(barrel, barrelMembers(barrel));
      for (const name of names) {
        const path = cache.get(barrel)!.get(name);
        const id = path && ids.find((i) => i === `${path}.js` || i === `${path}/index.js`);
        if (id) found.push(id);
      }
    }
  }
  return found;
}

export function signedInShell(): { plugin: Plugin; test: (id: string) => boolean } {
  let group = new Set<string>();
  let signedOut = new Set<string>();
  /** The entries and the lazy imports a signed-out visitor can load. */
  let signedOutRoots = new Set<string>();
  return {
    test: (id) => group.has(id),
    plugin: {
      name: 'signed-in-shell',
      apply: 'build',
      buildEnd() {
        const info = (id: string) => this.getModuleInfo(id) as Info | null;
        const ids = [...this.getModuleIds()];
        const barrelCache = new Map<string, Map<string, string>>();
        const named = (id: string) => namedBarrelMembers(id.split('?')[0]!, ids, barrelCache);
        const root = ids.find((id) => SIGNED_IN_ROOT.test(id));
        if (!root) return;
        // What a signed-out visitor can load: from the entries, every import but the signed-in
        // app's, and of a manifest's lazy pages only its public ones.
        signedOut = new Set<string>();
        signedOutRoots = new Set(ids.filter((id) => info(id)?.isEntry));
        const stack: string[] = ids.filter((id) => info(id)?.isEntry);
        while (stack.length) {
          const id = stack.pop()!;
          if (signedOut.has(id) || id === root) continue;
          signedOut.add(id);
          const m = info(id);
          if (!m) continue;
          const lazy: readonly string[] = MANIFEST.test(id)
            ? publicPageImports(id, m.dynamicallyImportedIds)
            : m.dynamicallyImportedIds;
          for (const target of lazy) if (target !== root) signedOutRoots.add(target);
          // A module of ours reaches the barrel members it names; a package's module, all of them.
          const ours = id.includes('/src/');
          const next = [...m.importedIds.filter((i) => !(ours && isBarrel(i))), ...(ours ? named(id) : []), ...lazy];
          stack.push(...next);
        }
        // The signed-in shell: what the signed-in app imports statically, less the above.
        const shell = new Set<string>();
        const todo = [root];
        while (todo.length) {
          const id = todo.pop()!;
          if (shell.has(id) || signedOut.has(id)) continue;
          shell.add(id);
          todo.push(...(info(id)?.importedIds ?? []).filter((i) => !isBarrel(i)), ...named(id));
        }
        // The signed-in app's own module stays the lazy import's chunk (as a member of the group,
        // the chunk left for the import re-exported a name the group's chunk did not define).
        shell.delete(root);
        group = shell;
      },
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const target = chunks.find((c) => c.name === SIGNED_IN_CHUNK);
        if (!target) return;
        // No chunk a signed-out visitor can load may fetch the signed-in shell's chunk: from the
        // entries, their static imports and the lazy ones a signed-out visitor can take.
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const loadable = (file: string) => {
          const facade = byFile.get(file)?.facadeModuleId;
          return facade != null && signedOutRoots.has(facade);
        };
        const seen = new Set<string>();
        const stack = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
        while (stack.length) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          if (file === target.fileName) this.error("a signed-out page's chunks import the signed-in shell's chunk");
          const chunk = byFile.get(file);
          stack.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []).filter(loadable));
        }
      },
    },
  };
}

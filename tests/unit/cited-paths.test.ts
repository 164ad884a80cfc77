// @vitest-environment node
/**
 * Every repository path cited in the code, the tests and the docs names something that is there:
 * a comment that says "(server/pdf/pdf-parts.ts)" sends a reader to that file, and a file moved or
 * deleted must not leave the pointer dangling. A path with `*` or `{a,b}` must match at least one file; a
 * path without its extension may name a test or module by its stem. The worked examples in the
 * docs name files a reader is about to create: they are listed below, and only they.
 *
 * Nor does anything point at an issue number: issues are closed and renumbered elsewhere, while
 * docs/ and the product brief stay with the code, so a comment cites those instead.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const ROOTS = ['src', 'server', 'tests', 'scripts', 'docs', '.ci', 'public'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'migrations']);
const CITING = /\.(ts|tsx|mjs|js|md)$/;

/** Paths the docs name on purpose although they are not in the repository. */
const EXAMPLES = [
  // docs/adding-a-resource.md walks a reader through adding these.
  'src/resources/vehicles/resource.ts',
  'server/db/migrations/NNNN_vehicles.sql',
  'src/custom/kiosks/manifest.ts',
  'src/custom/kiosks/locales/en.json',
  'src/custom/kiosks/locales/es.json',
  'src/domain/kiosks/wire.ts',
  'server/modules/kiosks/',
  // docs/realtime-protocol.md: a file of the dotnet/aspnetcore repository, not of this one.
  'src/SignalR/docs/specs/HubProtocol.md',
];

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(relative(ROOT, path));
  }
  return out;
}

const files = ROOTS.flatMap((r) => walk(join(ROOT, r)));
const citing = [...files.filter((f) => CITING.test(f)), 'README.md', 'vite.config.ts', 'vitest.config.ts'];

const CITED =
  /(?<![\w./@-])((?:src|server|tests|scripts|docs|public|\.ci)\/(?:[\w./*-]|\{[\w,.]+\})*(?:[\w*/]|\{[\w,.]+\}))/g;

/** `*` within a segment, `**` across segments, `{a,b}` either, `{name}` any one name. */
const globRegex = (glob: string) =>
  new RegExp(
    '^' +
      glob
        .replace(/[.+?^$()|[\]\\]/g, '\\$&')
        // {a,b} is either; {lng} is a placeholder for any one name.
        .replace(/\{([^}]*)\}/g, (_, options: string) =>
          options.includes(',') ? `(${options.split(',').join('|')})` : '[^/]*',
        )
        .replace(/\*\*\/?/g, '%GLOBSTAR%')
        .replace(/\*/g, '[^/]*')
        .replaceAll('%GLOBSTAR%', '.*') +
      (glob.endsWith('/') ? '' : '(/.*)?$'),
  );

const STEM_ENDINGS = ['', '.ts', '.tsx', '.test.ts', '.test.tsx', '.mjs', '.md', '/index.ts'];

function exists(cited: string): boolean {
  if (/[*{]/.test(cited)) {
    const pattern = globRegex(cited);
    return files.some((f) => pattern.test(f));
  }
  return STEM_ENDINGS.some((ending) => {
    const path = join(ROOT, cited.replace(/\/$/, '') + ending);
    return existsSync(path) && (ending !== '' || statSync(path).isFile() || statSync(path).isDirectory());
  });
}

describe('paths cited in code and docs', () => {
  it('each names a file or folder of the repository (or is a listed example)', () => {
    const dangling: string[] = [];
    for (const file of citing) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, cited] of text.matchAll(CITED)) {
        const path = cited!.replace(/\.$/, '');
        if (EXAMPLES.includes(path) || exists(path)) continue;
        dangling.push(`${file}: ${path}`);
      }
    }
    expect(dangling).toEqual([]);
  });

  it('the listed examples are still cited and still absent (a stale entry would hide a real miss)', () => {
    const text = citing.map((f) => readFileSync(join(ROOT, f), 'utf8')).join('\n');
    for (const example of EXAMPLES) {
      expect(text, example).toContain(example);
      expect(existsSync(join(ROOT, example)), example).toBe(false);
    }
  });

  it('none points at an issue number (cite docs/ or the product brief instead)', () => {
    const ISSUE = /\b(?:issues?|tasks?) #?\d+\b|\(#\d+\)/gi;
    const pointers: string[] = [];
    for (const file of citing) {
      if (file === 'tests/unit/cited-paths.test.ts') continue;
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const [found] of line.matchAll(ISSUE)) pointers.push(`${file}:${i + 1}: ${found}`);
      });
    }
    expect(pointers).toEqual([]);
  });
});

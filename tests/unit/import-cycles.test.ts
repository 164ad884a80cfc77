// @vitest-environment node
/**
 * No two files of the app import each other, directly or round a loop (type-only imports too: a loop
 * of types still ties two files' meanings together). A loop is opened by moving what both need below
 * them (a type to its own file, as server/auth/auth-context.ts) or by handing a function in (the
 * engine's LinesTable takes FieldValue's renderer as a prop). scripts/lib/import-cycles.mjs reads the
 * imports; this also proves it finds a loop.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/lib/import-cycles.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

describe('import loops', () => {
  it('src/ and server/ hold none', () => {
    expect(importCycles(ROOT, ['src', 'server'])).toEqual([]);
  });

  it('are found through a type import, a re-export and a lazy import, not through a package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      mkdirSync(join(dir, 'a'));
      writeFileSync(join(dir, 'a', 'index.ts'), "export { b } from '../b';\nimport 'react';\n");
      writeFileSync(join(dir, 'b.ts'), "import type { C } from './c';\nexport const b: C = 1;\n");
      writeFileSync(join(dir, 'c.tsx'), "const A = import('./a');\nexport type C = number;\nexport { A };\n");
      writeFileSync(join(dir, 'd.ts'), "import { b } from './b';\nexport const d = b;\n");
      expect(importCycles(dir, ['.'])).toEqual([['a/index.ts', 'b.ts', 'c.tsx']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

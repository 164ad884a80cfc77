/**
 * Areas keep to themselves (docs/architecture.md): a bespoke area of the client
 * (`src/custom/<area>/`) is used by the rest of the app only through its face, `index.ts`, and
 * its manifest is read only by the list of areas (`src/custom/areas.ts`). Parts two areas share
 * live in `src/ui`, which imports no area. An import that reaches into another area's files is
 * reported with the way to fix it.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CUSTOM = resolve(ROOT, 'src', 'custom');
const UI = resolve(ROOT, 'src', 'ui');
const AREAS_LIST = resolve(CUSTOM, 'areas.ts');

/** The area a path is in or names (`src/custom/<area>`, `src/custom/<area>/…`), or null. */
function areaOf(path) {
  const rel = relative(CUSTOM, path);
  if (rel === '' || rel.startsWith('..')) return null;
  const folder = resolve(CUSTOM, rel.split(sep)[0]);
  // Files directly in src/custom (areas.ts, area.ts, styles.css) belong to no area.
  return existsSync(folder) && statSync(folder).isDirectory() ? rel.split(sep)[0] : null;
}

/** What inside the area the path names: 'index', 'manifest' or 'internal'. */
function partOf(path, area) {
  const rest = relative(resolve(CUSTOM, area), path).replace(/\.(tsx?|js)$/, '');
  if (rest === '' || rest === 'index') return 'index';
  if (rest === 'manifest') return 'manifest';
  return 'internal';
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another client area only through its index.ts; src/ui imports no area' },
    schema: [],
    messages: {
      internal:
        "'{{spec}}' reaches into the {{area}} area: import it from the area's index.ts ('{{face}}'), exporting it there, or move a part two areas share to src/ui.",
      manifest: "Only src/custom/areas.ts reads an area's manifest.",
      uiImportsArea: "src/ui is shared below the areas and imports none of them ('{{spec}}').",
    },
  },
  create(context) {
    const file = resolve(context.filename);
    const fromArea = areaOf(file);
    const inUi = !relative(UI, file).startsWith('..');
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const area = areaOf(target);
      if (!area || area === fromArea) return;
      if (inUi) {
        context.report({ node, messageId: 'uiImportsArea', data: { spec } });
        return;
      }
      const part = partOf(target, area);
      if (part === 'index') return;
      if (part === 'manifest') {
        if (file !== AREAS_LIST) context.report({ node, messageId: 'manifest' });
        return;
      }
      const face = relative(dirname(file), resolve(CUSTOM, area)) || '.';
      context.report({
        node,
        messageId: 'internal',
        data: { spec, area, face: face.startsWith('.') ? face : `./${face}` },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

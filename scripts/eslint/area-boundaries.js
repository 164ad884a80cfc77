/**
 * Areas keep to themselves, on both sides (docs/architecture.md, "Where an area's files go").
 *
 * Client: a bespoke area (`src/custom/<area>/`) is used by the rest of the app only through its
 * face, `index.ts`, and its manifest is read only by the list of areas (`src/custom/areas.ts`).
 * Parts two areas share live in `src/ui`, which imports no area.
 *
 * Server: a module (`server/modules/<module>/`) is used by other modules and the rest of the
 * server only through its face, `index.ts`. Two other doors stay open: its `tables.ts` (the
 * table-owners rule, scripts/eslint/table-owners.js, decides who may read which table) and its
 * plugin files, registered by the list of modules (`server/modules/index.ts`) alone. Parts two
 * modules share that belong to neither go below them (`server/http`, `server/db`).
 *
 * An import that reaches into another area's or module's files is reported with the way to fix it.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CUSTOM = resolve(ROOT, 'src', 'custom');
const UI = resolve(ROOT, 'src', 'ui');
const AREAS_LIST = resolve(CUSTOM, 'areas.ts');
const MODULES = resolve(ROOT, 'server', 'modules');
const MODULES_LIST = resolve(MODULES, 'index.ts');

/** The folder under `parent` a path is in or names (`parent/<folder>`, `parent/<folder>/…`), or null. */
function folderOf(parent, path) {
  const rel = relative(parent, path);
  if (rel === '' || rel.startsWith('..')) return null;
  const folder = resolve(parent, rel.split(sep)[0]);
  // Files directly in the parent (areas.ts, the list of modules) belong to no area.
  return existsSync(folder) && statSync(folder).isDirectory() ? rel.split(sep)[0] : null;
}

/** The path inside the folder, without its extension ('' or 'index' for the folder's face). */
const restOf = (parent, folder, path) => relative(resolve(parent, folder), path).replace(/\.(tsx?|js)$/, '');

/** What inside the client area the path names: 'index', 'manifest' or 'internal'. */
function areaPart(path, area) {
  const rest = restOf(CUSTOM, area, path);
  if (rest === '' || rest === 'index') return 'index';
  if (rest === 'manifest') return 'manifest';
  return 'internal';
}

/** What inside the server module the path names: 'index', 'tables', 'plugin' or 'internal'. */
function modulePart(path, module) {
  const rest = restOf(MODULES, module, path);
  if (rest === '' || rest === 'index') return 'index';
  if (rest === 'tables') return 'tables';
  if (!rest.includes(sep) && /(^|-)plugin$/.test(basename(rest))) return 'plugin';
  return 'internal';
}

/** The face's import path from `file`'s folder. */
function faceSpec(file, folder) {
  const face = relative(dirname(file), folder) || '.';
  return face.startsWith('.') ? face : `./${face}`;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'Import another client area or server module only through its index.ts; src/ui imports no area',
    },
    schema: [],
    messages: {
      internal:
        "'{{spec}}' reaches into the {{area}} area: import it from the area's index.ts ('{{face}}'), exporting it there, or move a part two areas share to src/ui.",
      manifest: "Only src/custom/areas.ts reads an area's manifest.",
      uiImportsArea: "src/ui is shared below the areas and imports none of them ('{{spec}}').",
      moduleInternal:
        "'{{spec}}' reaches into the {{module}} module: import it from the module's index.ts ('{{face}}'), exporting it there, or move a part two modules share below them (server/http, server/db).",
      plugin: "Only server/modules/index.ts registers a module's plugin ('{{spec}}').",
    },
  },
  create(context) {
    const file = resolve(context.filename);
    const fromArea = folderOf(CUSTOM, file);
    const fromModule = folderOf(MODULES, file);
    const inUi = !relative(UI, file).startsWith('..');

    const checkArea = (node, spec, target) => {
      const area = folderOf(CUSTOM, target);
      if (!area || area === fromArea) return;
      if (inUi) {
        context.report({ node, messageId: 'uiImportsArea', data: { spec } });
        return;
      }
      const part = areaPart(target, area);
      if (part === 'index') return;
      if (part === 'manifest') {
        if (file !== AREAS_LIST) context.report({ node, messageId: 'manifest' });
        return;
      }
      const face = faceSpec(file, resolve(CUSTOM, area));
      context.report({ node, messageId: 'internal', data: { spec, area, face } });
    };

    const checkModule = (node, spec, target) => {
      const module = folderOf(MODULES, target);
      if (!module || module === fromModule) return;
      const part = modulePart(target, module);
      if (part === 'index' || part === 'tables') return;
      if (part === 'plugin') {
        if (file !== MODULES_LIST) context.report({ node, messageId: 'plugin', data: { spec } });
        return;
      }
      const face = faceSpec(file, resolve(MODULES, module));
      context.report({ node, messageId: 'moduleInternal', data: { spec, module, face } });
    };

    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      checkArea(node, spec, target);
      checkModule(node, spec, target);
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/**
 * One writer per table, and modules that keep to their own tables (docs/architecture.md, "Server
 * modules own their tables"). A table declared in `server/modules/<module>/tables.ts` belongs to
 * that module; of the shared tables in `server/db/tables/`, `users` belongs to the user module
 * (server/modules/user/accounts.ts writes it) and `businesses` to the business module.
 *
 * In `server/modules/<module>/…`, taking another module's table — from its tables.ts, its face
 * (index.ts) or through `server/db/schema` — is reported:
 * - a write (`.insert(t)`, `.update(t)`, `.delete(t)`) always: call the owner's function instead;
 * - a read of a module's table, unless the file is one of CROSS_MODULE_READS below, each a join
 *   that must stay one query. The shared tables may be read anywhere (tenant checks read users).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');
const MODULES = resolve(ROOT, 'server', 'modules');
const DB = resolve(ROOT, 'server', 'db');

/** Shared tables (server/db/tables) that one module writes. */
const SHARED_OWNERS = { users: 'user', businesses: 'business' };

/**
 * Files that read another module's tables in a join, and why it stays one query. Paths from the
 * project's root.
 */
export const CROSS_MODULE_READS = {
  // The door (check-in) finds a pass by its code, a reservation's or an event ticket's, and lists
  // a venue's admissions with the ticket and event each one admitted: one indexed lookup each.
  'server/modules/reservations/door-queries.ts': 'event tickets, their types and events',
  // An event's figures count the tickets the door admitted, per ticket type, in one aggregate.
  'server/modules/events/queries.ts': 'door admissions',
};

let owners = null;
/** table export name → owning module, read from each module's tables.ts. */
function tableOwners() {
  if (owners) return owners;
  owners = new Map(Object.entries(SHARED_OWNERS).map(([table, module]) => [table, { module, shared: true }]));
  for (const module of readdirSync(MODULES)) {
    const file = join(MODULES, module, 'tables.ts');
    if (!statSync(join(MODULES, module)).isDirectory()) continue;
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/export const (\w+)\s*=\s*pgTable\b/g))
      owners.set(match[1], { module, shared: false });
  }
  return owners;
}

/** The module a file is in (`server/modules/<module>/…`), or null. */
function moduleOf(path) {
  const rel = relative(MODULES, path);
  return rel.startsWith('..') || !rel.includes(sep) ? null : rel.split(sep)[0];
}

/**
 * Whether an import path names a place tables come from: db/schema, db/tables/…, a module's
 * tables — or its face (index.ts), so a table re-exported there is watched all the same.
 */
function isTableSource(target) {
  const path = target.replace(/\.(ts|js)$/, '');
  if (path === join(DB, 'schema') || path.startsWith(join(DB, 'tables') + sep)) return true;
  const rel = relative(MODULES, path);
  if (rel === '' || rel.startsWith('..')) return false;
  const [, rest = 'index', more] = rel.split(sep);
  return more === undefined && (rest === 'tables' || rest === 'index');
}

const WRITES = new Set(['insert', 'update', 'delete']);

export default {
  meta: {
    type: 'problem',
    docs: { description: "A server module writes only its own tables and reads another module's only where listed" },
    schema: [],
    messages: {
      write:
        "'{{table}}' belongs to the {{owner}} module: write it through that module's functions, never here (one writer per table).",
      read: "'{{table}}' belongs to the {{owner}} module: ask that module for what you need (or, for a join that must stay one query, list this file in CROSS_MODULE_READS with the reason).",
    },
  },
  create(context) {
    const file = resolve(context.filename);
    const module = moduleOf(file);
    if (!module) return {};
    const readsAllowed = relative(ROOT, file).split(sep).join('/') in CROSS_MODULE_READS;
    /** local name → { table, owner } of another module's tables this file imports as values. */
    const foreign = new Map();
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || typeof node.source.value !== 'string') return;
        if (!node.source.value.startsWith('.')) return;
        if (!isTableSource(resolve(dirname(file), node.source.value))) return;
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
          const table = spec.imported.name ?? spec.imported.value;
          const owner = tableOwners().get(table);
          if (!owner || owner.module === module) continue;
          foreign.set(spec.local.name, { table, owner: owner.module });
          if (!owner.shared && !readsAllowed)
            context.report({ node: spec, messageId: 'read', data: { table, owner: owner.module } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name)) return;
        const arg = node.arguments[0];
        if (arg?.type !== 'Identifier' || !foreign.has(arg.name)) return;
        const { table, owner } = foreign.get(arg.name);
        context.report({ node: arg, messageId: 'write', data: { table, owner } });
      },
    };
  },
};

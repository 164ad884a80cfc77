/**
 * Rows in and out of a declared resource's table: JSON shape, reference labels and checks,
 * uniqueness errors, and loading one row within the caller's tenant.
 */
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../src/domain/messages';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { validateRecord, type FormMode } from '../../src/domain/resources/field-rules';
import type { Role } from '../../src/domain/roles';
import { isUniqueViolation } from '../db/unique-violation';
import { notFound, ValidationError, conflict } from '../http/errors';
import { tenantCondition } from './query';
import { columnName, linesFields, storedFields, type ResourceTable } from './table';
import { expiryState } from '../../src/domain/resources/expiry';
import { zonedDay } from '../../src/domain/venue/opening-hours';
import { businesses } from '../db/schema';
import { declarationOf, linesTableOf, tableOf } from './tables';
import type { DbOrTx } from '../db/client';
import { computedFields, computedValues } from './computed-fields';
import { isUuid } from '../../src/domain/uuid';

export type Row = Record<string, unknown>;

function jsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** The columns a response shows (stored fields plus the standard ones). */
export function selection(resource: ResourceDeclaration, table: ResourceTable) {
  const columns: Record<string, ResourceTable[string]> = { id: table.id! };
  if (resource.tenant) columns.businessId = table.businessId!;
  for (const [key] of storedFields(resource)) columns[key] = table[key]!;
  columns.createdAt = table.createdAt!;
  columns.updatedAt = table.updatedAt!;
  return columns;
}

/** Columns a list page selects only to build its answer (the references' labels): never sent. */
export const PAGE_ONLY = '__';
const labelColumn = (key: string) => `${PAGE_ONLY}label_${key}`;

/** listSelection's answer per table: the same for every request, so built once (see below). */
const listSelections = new WeakMap<ResourceTable, Record<string, unknown>>();

/**
 * A list page's columns: the record's, plus each reference's label as a subquery of the same
 * statement (a primary-key lookup per row). Why: a page of reports took a statement of its own
 * for its customers' names, and under 50 connections each round trip added to its latency.
 * Built once per table: spelling the subqueries out on every request was a tenth of a list
 * request's CPU time on the server's one thread.
 */
export function listSelection(resource: ResourceDeclaration, table: ResourceTable): Record<string, unknown> {
  let columns = listSelections.get(table);
  if (!columns) listSelections.set(table, (columns = buildListSelection(resource, table)));
  return columns;
}

function buildListSelection(resource: ResourceDeclaration, table: ResourceTable): Record<string, unknown> {
  const columns: Record<string, unknown> = selection(resource, table);
  for (const [key, field] of storedFields(resource)) {
    if (field.type !== 'reference') continue;
    const target = tableOf(field.references!.resource);
    // Spelled out: a page's select list names its columns without their table, so a subquery
    // there must qualify its own. Aliased, since a record may reference its own table.
    const as = sql.identifier('label_target');
    const label = sql`${as}.${sql.identifier(target[field.references!.labelField]!.name)}`;
    columns[labelColumn(key)] = sql<string | null>`(select coalesce(${label}::text, '') from ${sql.identifier(
      getTableName(target),
    )} ${as} where ${as}.${sql.identifier(target.id!.name)} = ${qualified(table, key)})`;
  }
  return columns;
}

/** A column of `table` named with its table (listSelection's subqueries). */
export const qualified = (table: ResourceTable, key: string) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(table[key]!.name)}`;

/** The labels a list page carried (listSelection), by field and id, taken off its rows. */
function pageLabels(resource: ResourceDeclaration, rows: Row[]): Map<string, Map<string, string>> {
  const labels = new Map<string, Map<string, string>>();
  if (!rows.length) return labels;
  for (const [key] of storedFields(resource)) {
    const column = labelColumn(key);
    if (!(column in rows[0]!)) continue;
    const byId = new Map<string, string>();
    let named = false;
    for (const row of rows) {
      named ||= isUuid(row[key]);
      if (isUuid(row[key]) && typeof row[column] === 'string') byId.set(row[key], row[column]);
      delete row[column];
    }
    // As referenceLabels: a field no row names gets no labels at all.
    if (named) labels.set(key, byId);
  }
  return labels;
}

/**
 * The `lines` of these records, by record id: each field's rows in order, every declared column
 * (one query per lines field for all the records).
 */
export async function loadLines(db: DbOrTx, resource: ResourceDeclaration, ids: string[]): Promise<Map<string, Row>> {
  const out = new Map<string, Row>(ids.map((id) => [id, {}]));
  for (const [key, field] of linesFields(resource)) {
    for (const id of ids) out.get(id)![key] = [];
    if (!ids.length) continue;
    const table = linesTableOf(resource.name, key);
    const columns = Object.keys(field.lines?.fields ?? {});
    const found = await db
      .select({ recordId: table.recordId!, ...Object.fromEntries(columns.map((c) => [c, table[c]!])) })
      .from(table)
      .where(inArray(table.recordId!, ids))
      .orderBy(asc(table.recordId!), asc(table.position!));
    for (const { recordId, ...line } of found) (out.get(recordId as string)![key] as Row[]).push(line);
  }
  return out;
}

/** Replaces a record's lines with the ones in `values` (fields left out keep theirs), inside the caller's transaction. */
export async function writeLines(tx: DbOrTx, resource: ResourceDeclaration, recordId: string, values: Row) {
  for (const [key] of linesFields(resource)) {
    const lines = values[key];
    if (!Array.isArray(lines)) continue;
    const table = linesTableOf(resource.name, key);
    await tx.delete(table).where(eq(table.recordId!, recordId));
    if (lines.length) {
      await tx.insert(table).values(lines.map((line: Row, position) => ({ ...line, recordId, position })));
    }
  }
}

/** A row without its `lines` values (what goes into the record's own table). */
export function withoutLines(resource: ResourceDeclaration, values: Row): Row {
  const out = { ...values };
  for (const [key] of linesFields(resource)) delete out[key];
  return out;
}

/**
 * The label a person knows (the target's `labelField`: a name, a number) of every record the
 * reference fields point at, by field and id. `valuesOf(key)` gives the field's values to name:
 * rows' values, or a history's from/to values; an id, a list of ids, or anything else (skipped).
 */
export async function referenceLabels(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  valuesOf: (key: string) => unknown[],
): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  for (const [key, field] of storedFields(resource)) {
    if (field.type !== 'reference' && field.type !== 'references') continue;
    const ids = [
      ...new Set(
        valuesOf(key)
          .flatMap((v) => (Array.isArray(v) ? v : [v]))
          .filter(isUuid),
      ),
    ];
    if (!ids.length) continue;
    const target = tableOf(field.references!.resource);
    const found = await app.ctx.database.db
      .select({ id: target.id!, label: target[field.references!.labelField]! })
      .from(target)
      .where(inArray(target.id!, ids));
    labels.set(key, new Map(found.map((f) => [f.id as string, String(f.label ?? '')])));
  }
  return labels;
}

/**
 * Rows as the API sends them, with `_labels` naming each referenced record; with `lines`, each
 * record's child rows too (one record's answers: the list leaves them out). `version`: the table
 * version a list page was read at, for remembered computed values (computed-fields.ts).
 */
export async function toJson(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  rows: Row[],
  opts: { lines?: boolean; version?: string } = {},
): Promise<Row[]> {
  const lines =
    opts.lines && linesFields(resource).length
      ? await loadLines(
          app.ctx.database.db,
          resource,
          rows.map((r) => r.id as string),
        )
      : null;
  const carried = pageLabels(resource, rows);
  const labels = await referenceLabels(app, resource, (key) => (carried.has(key) ? [] : rows.map((r) => r[key])));
  for (const [key, byId] of carried) labels.set(key, byId);
  const many = new Set(
    storedFields(resource)
      .filter(([, field]) => field.type === 'references')
      .map(([key]) => key),
  );
  const expiring = storedFields(resource).filter(([, f]) => f.type === 'date' && f.expiry);
  const todayOf = expiring.length ? await businessToday(app, rows) : () => '';
  const computed = computedFields(resource).length ? await computedValues(app, resource, rows, opts.version) : null;
  // Plain loops, not entries/fromEntries: this runs for every row of every list page, and on a
  // busy list the server's one thread is what the answers queue for (docs/architecture.md).
  return rows.map((row) => {
    const out: Row = {};
    for (const key in row) if (!key.startsWith(PAGE_ONLY)) out[key] = jsonValue(row[key]);
    if (computed) computed(row, out, lines !== null);
    if (lines) Object.assign(out, lines.get(row.id as string));
    if (labels.size) {
      const named: Row = {};
      for (const [key, byId] of labels) {
        named[key] = many.has(key)
          ? ((row[key] as string[] | null) ?? []).map((id) => byId.get(id) ?? null)
          : (byId.get(row[key] as string) ?? null);
      }
      out._labels = named;
    }
    if (expiring.length) {
      const today = todayOf(row.businessId);
      out._expiry = Object.fromEntries(
        expiring.map(([key, f]) => [
          key,
          typeof row[key] === 'string' ? expiryState(row[key], today, f.expiry!.soonDays) : null,
        ]),
      );
    }
    return out;
  });
}

/** The business's default zone when a row has none (businesses.time_zone's default). */
const DEFAULT_ZONE = 'America/New_York';

/** Today (YYYY-MM-DD) in each row's business's time zone: an expiry turns over at the business's midnight. */
async function businessToday(
  app: FastifyInstance,
  rows: Row[],
  db: DbOrTx = app.ctx.database.db,
): Promise<(businessId: unknown) => string> {
  const now = app.ctx.now();
  const ids = [...new Set(rows.map((r) => r.businessId).filter(isUuid))];
  const zones = new Map<string, string>();
  if (ids.length) {
    const found = await db
      .select({ id: businesses.id, timeZone: businesses.timeZone })
      .from(businesses)
      .where(inArray(businesses.id, ids));
    for (const b of found) zones.set(b.id, b.timeZone);
  }
  const days = new Map<string, string>();
  return (businessId) => {
    const zone = (isUuid(businessId) && zones.get(businessId)) || DEFAULT_ZONE;
    let day = days.get(zone);
    if (!day) days.set(zone, (day = zonedDay(now, zone)));
    return day;
  };
}

/** Today (YYYY-MM-DD) in the business's time zone (the default zone without one): what "not in the past" reads. */
export async function recordToday(
  app: FastifyInstance,
  businessId: string | null,
  db: DbOrTx = app.ctx.database.db,
): Promise<string> {
  return (await businessToday(app, [{ businessId }], db))(businessId);
}

/** One row the caller may see, or 404 (another tenant's row looks missing). */
export async function loadRow(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  table: ResourceTable,
  id: unknown,
  tenant: string | null,
): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = await app.ctx.database.db
    .select(selection(resource, table))
    .from(table)
    .where(and(eq(table.id!, id), tenantCondition(resource, table, tenant)));
  if (!row) throw notFound();
  return row;
}

/**
 * Every reference value must name a row the caller may see: a resource their role may list,
 * and the same business for tenant-scoped targets. Otherwise the field gets 'The selected
 * record does not exist' (exactly what a missing row gets, so nothing leaks).
 */
export async function referenceErrors(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  values: Row,
  caller: { role: Role; tenant: string | null },
  db: DbOrTx = app.ctx.database.db,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  for (const [key, field] of storedFields(resource)) {
    const value = values[key];
    // One id, or each id of a multi-reference (all must be found).
    const ids = field.type === 'references' && Array.isArray(value) ? value.filter(isUuid) : [value].filter(isUuid);
    if ((field.type !== 'reference' && field.type !== 'references') || !ids.length) continue;
    const targetDecl = declarationOf(field.references!.resource)!;
    if (!targetDecl.access.list.includes(caller.role)) {
      errors[key] = MESSAGES.referenceMissing;
      continue;
    }
    const target = tableOf(targetDecl.name);
    const found = await db
      .select({ id: target.id! })
      .from(target)
      .where(and(inArray(target.id!, ids), tenantCondition(targetDecl, target, caller.tenant)));
    if (found.length < new Set(ids).size) errors[key] = MESSAGES.referenceMissing;
  }
  return errors;
}

/**
 * A create or update body checked against the field rules and the references, every problem
 * reported at once (a form shows them all, not one round trip at a time).
 */
export async function checkedValues(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  mode: FormMode,
  input: Row,
  caller: { role: Role; tenant: string | null },
  db: DbOrTx = app.ctx.database.db,
): Promise<Row> {
  const checked = validateRecord(resource, mode, input);
  const values = checked.ok ? checked.value : input;
  const errors = { ...(checked.ok ? {} : checked.errors) };
  for (const [key, message] of Object.entries(await referenceErrors(app, resource, values, caller, db))) {
    errors[key] ??= message;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return values;
}

/** A unique-index violation as a field error ('This value is already used by another record'). */
export function uniqueViolation(resource: ResourceDeclaration, err: unknown): Error | null {
  if (!isUniqueViolation(err)) return null;
  const e = err as { constraint?: string; cause?: { constraint?: string } };
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  const hit = storedFields(resource).find(
    ([key, f]) => constraint === `${resource.table.name}_${columnName(key, f)}_key`,
  );
  return hit ? conflict(MESSAGES.uniqueTaken, { [hit[0]]: MESSAGES.uniqueTaken }) : conflict();
}

/** No value, however stored: null, absent or empty text (a history line "(empty) → (empty)" says nothing). */
const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Field values that changed, as { field: { from, to } } (secrets and unchanged fields left out,
 * and so are fields blank before and after: a new record lists only the values it was given).
 */
export function diff(resource: ResourceDeclaration, before: Row | null, after: Row | null) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  // Lines count as one value, compared when the change carries them.
  const lineKeys = linesFields(resource).filter(
    ([key]) => (after && key in after) || (!after && before && key in before),
  );
  for (const [key, field] of [...storedFields(resource), ...lineKeys]) {
    if (field.noAudit) continue;
    const from = before ? (jsonValue(before[key]) ?? null) : null;
    const to = after ? (jsonValue(after[key]) ?? null) : null;
    if (isBlank(from) && isBlank(to)) continue;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/**
 * The request and response schemas of a declared resource's routes, generated from its
 * declaration. Every answer goes out through its schema (server/http/serialization.ts), so a
 * record carries its id, business, declared stored fields (typed, and nullable as their columns
 * are), timestamps and reference labels — nothing else, whatever the query returned.
 *
 * Request bodies and list queries are checked in the handler by the shared rules
 * (field-rules.ts, list-query.ts: the messages the forms show, every problem at once), so their
 * schemas here type the handler and describe each field in /docs without refusing anything first.
 */
import { z } from 'zod';
import { getTableColumns, type Table } from 'drizzle-orm';
import { formFields, QUANTITY_LIMIT, REFERENCES_LIMIT, type FormMode } from '../../src/domain/resources/field-rules';
import { filterParamMap, hasSearch, SEARCH_PARAM, sortableFields } from '../../src/domain/resources/list-params';
import type { FieldDeclaration, ResourceDeclaration } from '../../src/domain/resources/types';
import { VERSION_FIELD } from '../../src/domain/resources/version';
import { recordIdSchema } from '../../src/domain/schemas/record-id';
import { timestamp } from '../http/response';
import { columnName, handWrittenTable, storedFields } from './table';
import { tableOf } from './tables';
import { LINE_AMOUNTS } from './computed-fields';

/** The id where an endpoint carries it (path or query string); a string, so a malformed one is a plain 404. */
export const idInput = z.object({ id: z.string().meta({ description: 'The record id (uuid)' }) });

/** The id in the query string under the endpoint's parameter name (`employeeId`), built once per name. */
const idQueries = new Map<string, z.ZodObject>();
export function idQuery(param: string): z.ZodObject {
  let schema = idQueries.get(param);
  if (!schema) {
    schema = param === 'id' ? idInput : z.object({ [param]: z.string().meta({ description: 'The record id (uuid)' }) });
    idQueries.set(param, schema);
  }
  return schema;
}

export const deletedAnswer = z.object({ id: z.string() });
export const bulkDeletedAnswer = z.object({ deleted: z.number().int() });
export const bulkUpdatedAnswer = z.object({ updated: z.number().int() });

export const optionAnswer = z.object({ id: z.string(), label: z.string() });

export const importProblem = z.object({ line: z.number().int(), field: z.string(), message: z.string() });
export const importInput = z.object({
  confirm: z.enum(['true', 'false']).optional().meta({ description: 'true imports; otherwise a dry run' }),
});

/** Where a read of the record's value may meet null: its column accepts null. */
function nullableColumns(resource: ResourceDeclaration): Set<string> {
  // An unmanaged resource's real columns are the hand-written table's (users, plans …).
  const table: Table =
    (resource.table.managed === false && handWrittenTable(resource.table.name)) || tableOf(resource.name);
  return new Set(
    Object.values(getTableColumns(table))
      .filter((c) => !c.notNull)
      .map((c) => c.name),
  );
}

/** A stored field's value as the API sends it. Cheap per row: no pattern checks. */
function valueOut(field: FieldDeclaration): z.ZodType {
  switch (field.type) {
    case 'integer':
    case 'money':
      return z.number().int();
    case 'percent':
      return z.number().meta({ description: 'A percent, at most 3 decimals (8.875)' });
    case 'hours':
      return z.number().meta({ description: 'Hours, in quarter hours (2.75)' });
    case 'quantity':
      return z.number().meta({ description: 'A quantity, at most 2 decimals (6.5)' });
    case 'lines':
      return z.array(linesRowOut(field)).meta({ description: 'The rows, in order' });
    case 'boolean':
      return z.boolean();
    case 'enum':
      return field.options?.length ? z.enum(field.options as [string, ...string[]]) : z.string();
    case 'date':
      return z.string().meta({ format: 'date' });
    case 'datetime':
      return timestamp;
    case 'reference':
      return z.string().meta({ format: 'uuid', description: `Id of a ${field.references!.resource} record` });
    case 'references':
      return z.array(z.string()).meta({ description: `Ids of ${field.references!.resource} records` });
    case 'email':
      return z.string().meta({ format: 'email' });
    case 'url':
      return z.string().meta({ format: 'uri' });
    default:
      return z.string();
  }
}

/** One child row of a `lines` field as the API sends it (nullable where optional). */
function linesRowOut(field: FieldDeclaration): z.ZodType {
  return z.object(
    Object.fromEntries(
      Object.entries(field.lines?.fields ?? {}).map(([key, f]) => [
        key,
        f.required || f.type === 'boolean' ? valueOut(f) : valueOut(f).nullable(),
      ]),
    ),
  );
}

/** A field as /docs shows it in a request body (the handler applies the rules themselves). */
function documented(field: FieldDeclaration): Record<string, unknown> {
  const bounds = (low: string, high: string) => ({
    ...(field.min !== undefined ? { [low]: field.min } : {}),
    ...(field.max !== undefined ? { [high]: field.max } : {}),
  });
  const nullable = field.required || field.type === 'boolean' ? {} : { nullable: true };
  switch (field.type) {
    case 'integer':
      return { type: 'integer', ...bounds('minimum', 'maximum'), ...nullable };
    case 'money':
      return { type: 'integer', description: 'Cents', ...bounds('minimum', 'maximum'), ...nullable };
    case 'percent':
      return {
        type: 'number',
        description: 'A percent, at most 3 decimals (8.875)',
        minimum: 0,
        maximum: 100,
        ...nullable,
      };
    case 'hours':
      return {
        type: 'number',
        description: 'Hours, in quarter hours (2.75)',
        multipleOf: 0.25,
        minimum: field.min ?? 0.25,
        maximum: field.max ?? 24,
        ...nullable,
      };
    case 'quantity':
      return {
        type: 'number',
        description: 'A quantity above 0, at most 2 decimals (6.5)',
        exclusiveMinimum: 0,
        maximum: field.max ?? QUANTITY_LIMIT,
        ...nullable,
      };
    case 'lines':
      return {
        type: 'array',
        maxItems: field.lines?.max ?? 100,
        description: 'The rows, in order (the whole list replaces the stored one)',
        items: {
          type: 'object',
          properties: Object.fromEntries(Object.entries(field.lines?.fields ?? {}).map(([k, f]) => [k, documented(f)])),
        },
      };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date', ...nullable };
    case 'datetime':
      return { type: 'string', format: 'date-time', ...nullable };
    case 'enum':
      return { type: 'string', enum: [...(field.options ?? [])], ...nullable };
    case 'reference':
      return {
        type: 'string',
        format: 'uuid',
        description: `Id of a ${field.references!.resource} record`,
        ...nullable,
      };
    case 'references':
      return {
        type: 'array',
        items: { type: 'string', format: 'uuid' },
        maxItems: field.max ?? REFERENCES_LIMIT,
        description: `Ids of ${field.references!.resource} records`,
      };
    case 'image':
      return {
        type: 'string',
        format: 'binary',
        description: 'A PNG, JPEG or WebP file part of a multipart body (≤ 5 MB); null in JSON removes the picture',
        nullable: true,
      };
    case 'time':
      return { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:MM', ...nullable };
    case 'password':
      return { type: 'string', format: 'password', minLength: 8, maxLength: 128 };
    default: {
      const format = field.type === 'email' ? { format: 'email' } : field.type === 'url' ? { format: 'uri' } : {};
      return { type: 'string', ...format, ...bounds('minLength', 'maxLength'), ...nullable };
    }
  }
}

/** The body of a create or update: the form's fields, documented; unknown keys reach the rules (400 naming them). */
function bodyOf(resource: ResourceDeclaration, mode: FormMode) {
  const fields = formFields(resource, mode);
  const required =
    mode === 'create' ? fields.filter(([, f]) => f.required && f.defaultValue === undefined).map(([k]) => k) : [];
  const shape = Object.fromEntries(fields.map(([key, field]) => [key, z.unknown().optional().meta(documented(field))]));
  // An edit names the version it was made from (src/domain/resources/version.ts); optional, as before.
  if (mode === 'update')
    shape[VERSION_FIELD] = z.unknown().optional().meta({
      type: 'string',
      format: 'date-time',
      description:
        "The record's updatedAt as the editor loaded it: saved since, the change answers 409 and nothing is written. Left out, the change is written whatever happened meanwhile",
    });
  return z
    .object(shape)
    .catchall(z.unknown())
    .meta(required.length ? { required } : {});
}

const queryValue = z.union([z.string(), z.array(z.string())]);

/** The list's query string: paging, sort, search and each filter parameter (list-query.ts checks them). */
function listQueryOf(resource: ResourceDeclaration) {
  const param = (description: string) => queryValue.optional().meta({ description });
  const shape: Record<string, ReturnType<typeof param>> = {
    page: param('1-based page number'),
    perPage: param('Rows per page'),
    sort: param(`Sort by one of: ${sortableFields(resource).join(', ')}`),
    order: param('asc or desc'),
  };
  if (hasSearch(resource)) shape[SEARCH_PARAM] = param('Substring search');
  if (resource.api.businessParam) shape[resource.api.businessParam] = param("The caller's business (uuid)");
  for (const [name, { field, op }] of filterParamMap(resource)) {
    shape[name] = param(`Filter on ${field} (${op})`);
  }
  return z.object(shape).catchall(queryValue);
}

function recordOf(resource: ResourceDeclaration) {
  const nullable = nullableColumns(resource);
  const shape: Record<string, z.ZodType> = { id: z.string().meta({ format: 'uuid' }) };
  if (resource.tenant) shape.businessId = z.string().nullable().meta({ description: 'null: a platform record' });
  const references: string[] = [];
  const referenceLists: string[] = [];
  for (const [key, field] of storedFields(resource)) {
    const value = valueOut(field);
    shape[key] = nullable.has(columnName(key, field)) ? value.nullable() : value;
    if (field.type === 'reference') references.push(key);
    if (field.type === 'references') referenceLists.push(key);
  }
  // Child rows (FieldDeclaration.lines): in one record's answers, not in a list's rows.
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.type === 'lines') shape[key] = valueOut(field).optional();
  }
  // Computed values (FieldDeclaration.computed): the server's own, null when none was computed.
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.computed) shape[key] = valueOut(field).nullable().meta({ description: 'Computed by the server' });
  }
  // Each line's amount as the server's figures have it (computed-fields.ts LINE_AMOUNTS), for a
  // lines field that declares one: in one record's answers, as its lines are.
  const withAmounts = Object.entries(resource.fields).filter(([, f]) => f.type === 'lines' && f.lines?.amount);
  if (withAmounts.length)
    shape[LINE_AMOUNTS] = z
      .object(Object.fromEntries(withAmounts.map(([key]) => [key, z.array(z.number().int()).optional()])))
      .optional()
      .meta({ description: "Each line's amount in cents, in the lines' order (a sent invoice's as it was sent)" });
  shape.createdAt = timestamp;
  shape.updatedAt = timestamp;
  if (references.length || referenceLists.length) {
    shape._labels = z
      .object(
        Object.fromEntries([
          ...references.map((key) => [key, z.string().nullable().optional()]),
          // A multi-reference's titles, in the order of its ids.
          ...referenceLists.map((key) => [key, z.array(z.string().nullable()).optional()]),
        ]),
      )
      .optional()
      .meta({ description: 'The title of each referenced record (null when it is gone)' });
  }
  const expiring = storedFields(resource).filter(([, f]) => f.type === 'date' && f.expiry);
  if (expiring.length) {
    shape._expiry = z
      .object(
        Object.fromEntries(expiring.map(([key]) => [key, z.enum(['expired', 'soon', 'valid']).nullable().optional()])),
      )
      .optional()
      .meta({
        description: "Each expiry date against the business's today: expired, due soon, or valid (null: no date)",
      });
  }
  return z.object(shape);
}

/**
 * An import's dry-run rows: the create values as the field rules checked them (an optional
 * field left empty is null), never a write-only field such as a password.
 */
function importPreviewOf(resource: ResourceDeclaration) {
  const fields = formFields(resource, 'create').filter(([, f]) => f.type !== 'password');
  return z.object(
    Object.fromEntries(
      fields.map(([key, field]) => {
        const value = valueOut(field);
        return [key, (field.required || field.type === 'boolean' ? value : value.nullable()).optional()];
      }),
    ),
  );
}

function build(resource: ResourceDeclaration) {
  const record = recordOf(resource);
  return {
    /** One record as every engine route answers it. */
    record,
    listQuery: listQueryOf(resource),
    createBody: bodyOf(resource, 'create'),
    updateBody: bodyOf(resource, 'update'),
    /** The update body when the endpoint carries the id in it: a malformed one is a 400 (record-id.ts), as in a path. */
    updateBodyWithId: bodyOf(resource, 'update').extend({ id: recordIdSchema }),
    /** POST import: a dry run's report, or the confirmed import's counts. */
    importAnswer: z.union([
      z.object({
        total: z.number().int(),
        valid: z.number().int(),
        invalid: z.array(importProblem),
        preview: z.array(importPreviewOf(resource)),
      }),
      z.object({ imported: z.number().int(), skipped: z.number().int(), invalid: z.array(importProblem) }),
    ]),
  };
}

export type ResourceSchemas = ReturnType<typeof build>;
const built = new WeakMap<ResourceDeclaration, ResourceSchemas>();

/** The schemas of one resource, built once (the engine's routes and hand-written overrides share them). */
export function schemasOf(resource: ResourceDeclaration): ResourceSchemas {
  let schemas = built.get(resource);
  if (!schemas) built.set(resource, (schemas = build(resource)));
  return schemas;
}

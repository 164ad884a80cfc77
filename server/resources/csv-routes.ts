/**
 * CSV export (the current filter, every page, streamed in batches; a seeded text in the reader's
 * language, seeded-cells.ts) and CSV import (a dry run that reports every bad row by line number,
 * then the confirmed import of the valid rows in one transaction) of a declared resource.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../http/type-provider';
import { and, inArray, sql } from 'drizzle-orm';
import { extraPaths } from '../../src/domain/resources/endpoints';
import { formFields, validateRecord } from '../../src/domain/resources/field-rules';
import { parseListQuery } from '../../src/domain/resources/list-query';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { requestLocale, t } from '../i18n';
import { PLATFORM_MAIL_LOCALES, type PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { caller, tenantOf } from '../auth/access';
import { badRequest, ValidationError } from '../http/errors';
import { hostileText } from '../http/hostile-input';
import { errorResponses, fileResponse, ok, sendDownload } from '../http/response';
import { writeAudit } from './audit';
import { routeConfig } from './crud-routes';
import { csvLine, parseCsv } from './csv';
import { seededCell } from './seeded-cells';
import { fromCell, toCell } from './csv-values';
import { listOrder, listWhere, tenantCondition } from './query';
import { referenceErrors, diff, selection, type Row } from './records';
import { importInput, schemasOf } from './schemas';
import { storedFields, type ResourceTable } from './table';
import { imageFieldsOf } from './image-fields';

const BATCH = 1000;
const MAX_IMPORT_ROWS = 10_000;
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** Columns of the CSV: every stored field (the same set export writes and import reads). */
const csvFields = (resource: ResourceDeclaration) => storedFields(resource).map(([key]) => key);

/**
 * A column's header in the reader's language: the title the list's column shows for the field
 * (fieldLabel in src/resources/engine/labels.ts, the same keys of the same translation files).
 * The headers were the field keys ("fullName", "createdAt"), English whatever the screen's
 * language; every resource's export is written here, so every export follows the screen.
 */
function csvHeader(lang: PlatformMailLocale, resource: ResourceDeclaration, key: string): string {
  if (key === 'id') return 'ID';
  if (key === 'createdAt' || key === 'updatedAt') return t(lang, `resourceEngine.${key}`) ?? key;
  return t(lang, `resources.${resource.name}.fields.${key}`) ?? key;
}

/**
 * An import's column names read back as field keys: a file exported in any language (its
 * headers are the labels), or one written by hand with the keys. Case and spaces around aside.
 */
function csvColumnKeys(resource: ResourceDeclaration): Map<string, string> {
  const keys = ['id', ...Object.keys(resource.fields), 'createdAt', 'updatedAt', 'businessId'];
  const byName = new Map<string, string>();
  const add = (name: string, key: string) => {
    const folded = name.trim().toLocaleLowerCase();
    if (!byName.has(folded)) byName.set(folded, key);
  };
  for (const key of keys) add(key, key);
  for (const lang of PLATFORM_MAIL_LOCALES) for (const key of keys) add(csvHeader(lang, resource, key), key);
  return byName;
}

export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}

export function registerCsvRoutes(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const { db } = app.ctx.database;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schemas = schemasOf(resource);
  const paths = extraPaths(resource);
  const tags = [`Resource: ${resource.name}`];

  if (resource.csvExport !== false) {
    typed.get(
      paths.exportCsv,
      {
        schema: {
          tags,
          summary: `Export ${resource.name} as CSV (current filter, all pages)`,
          querystring: schemas.listQuery,
          response: { 200: fileResponse('text/csv', 'Every row of the current filter'), ...errorResponses },
        },
        config: routeConfig(resource, 'list'),
      },
      async (request, reply) => {
        const { page: _p, perPage: _pp, ...query } = request.query;
        const parsed = parseListQuery(resource, query);
        if (!parsed.ok) throw new ValidationError(parsed.errors);
        // The reader's language, for a seeded text (a built-in role's description) as their screen
        // shows it: in the search, as in the cells.
        const locale = requestLocale(request);
        const where = listWhere(resource, table, parsed.value, tenantOf(request), locale);
        const order = listOrder(table, parsed.value.sort, resource.sortTiebreak);
        const keys = ['id', ...csvFields(resource), 'createdAt'];
        async function* lines() {
          yield csvLine(keys.map((key) => csvHeader(locale, resource, key)));
          for (let offset = 0; ; offset += BATCH) {
            const rows = await db
              .select(selection(resource, table))
              .from(table)
              .where(where)
              .orderBy(...order)
              .limit(BATCH)
              .offset(offset);
            for (const row of rows) {
              yield csvLine(
                keys.map((k) => {
                  const field = resource.fields[k];
                  return field
                    ? toCell(field, seededCell(locale, field, row[k], row))
                    : toCell({ type: 'string' }, row[k]);
                }),
              );
            }
            if (rows.length < BATCH) return;
          }
        }
        const day = new Date(app.ctx.now()).toISOString().slice(0, 10);
        return sendDownload(reply, {
          name: `${resource.name}-${day}.csv`,
          contentType: 'text/csv; charset=utf-8',
          body: Readable.from(lines()),
        });
      },
    );
  }

  if (
    resource.csvImport === false ||
    resource.access.create.length === 0 ||
    resource.customHandlers?.includes('create')
  )
    return;
  typed.post(
    paths.importCsv,
    {
      schema: {
        tags,
        summary: `Import ${resource.name} from CSV (dry run unless confirm=true)`,
        consumes: ['multipart/form-data'],
        querystring: importInput,
        response: { 200: ok(schemas.importAnswer), ...errorResponses },
      },
      config: routeConfig(resource, 'create'),
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(MESSAGES.csvFileRequired, { file: MESSAGES.csvFileRequired });
      const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!file) throw badRequest(MESSAGES.csvFileRequired, { file: MESSAGES.csvFileRequired });
      const text = (await file.toBuffer()).toString('utf8');
      const confirm = request.query.confirm === 'true';
      const rows = parseCsv(text);
      const header = rows.shift();
      if (!header || rows.length === 0) throw badRequest(MESSAGES.csvEmpty, { file: MESSAGES.csvEmpty });
      if (rows.length > MAX_IMPORT_ROWS) throw badRequest(formatMessage('tooLarge', { max: MAX_IMPORT_ROWS }));
      const allowed = new Set(formFields(resource, 'create').map(([k]) => k));
      // Export files carry id and createdAt: importing them back must work, so those columns are skipped.
      // A picture's path is an export's, not a file: imported rows start without one (image-fields.ts).
      const skipped = new Set([
        'id',
        'createdAt',
        'updatedAt',
        'businessId',
        ...imageFieldsOf(resource).map(([k]) => k),
      ]);
      const known = csvColumnKeys(resource);
      const columns = header.cells.map((h) => known.get(h.trim().toLocaleLowerCase()) ?? h.trim());
      for (const name of columns) {
        if (!allowed.has(name) && !skipped.has(name)) {
          throw badRequest(formatMessage('csvHeaderUnknown', { name }), {
            file: formatMessage('csvHeaderUnknown', { name }),
          });
        }
      }
      const tenant = tenantOf(request);
      const problems: ImportProblem[] = [];
      const valid: { line: number; values: Row }[] = [];
      for (const row of rows) {
        const input: Row = {};
        const unstorable: Record<string, string> = {};
        columns.forEach((name, i) => {
          if (!allowed.has(name) || skipped.has(name)) return;
          // A file's cells reach the database without passing the request hook: check them here.
          const refused = hostileText(row.cells[i] ?? '', undefined);
          if (refused) unstorable[name] = refused;
          input[name] = fromCell(resource.fields[name]!, row.cells[i] ?? '');
        });
        const checked = validateRecord(resource, 'create', input);
        if (Object.keys(unstorable).length) {
          for (const [field, message] of Object.entries(unstorable)) problems.push({ line: row.line, field, message });
          continue;
        }
        if (!checked.ok) {
          for (const [field, message] of Object.entries(checked.errors))
            problems.push({ line: row.line, field, message });
          continue;
        }
        const refErrors = await referenceErrors(app, resource, checked.value, { role: caller(request).role, tenant });
        if (Object.keys(refErrors).length) {
          for (const [field, message] of Object.entries(refErrors)) problems.push({ line: row.line, field, message });
          continue;
        }
        valid.push({ line: row.line, values: checked.value });
      }
      await uniqueProblems(resource, table, valid, tenant, problems);
      const good = valid.filter((v) => !problems.some((p) => p.line === v.line));
      problems.sort((a, b) => a.line - b.line);
      if (!confirm) {
        return {
          result: {
            total: rows.length,
            valid: good.length,
            invalid: problems,
            preview: good.slice(0, 20).map((v) => v.values),
          },
        };
      }
      const auth = caller(request);
      const businessId = resource.tenant ? (auth.role === 'ADMIN' ? null : auth.businessId) : undefined;
      await db.transaction(async (tx) => {
        for (let i = 0; i < good.length; i += BATCH) {
          const chunk = good.slice(i, i + BATCH).map((v) => ({
            ...v.values,
            ...(resource.table.managed !== false ? { createdBy: auth.userId } : {}),
            ...(resource.tenant ? { businessId } : {}),
          }));
          const inserted = await tx.insert(table).values(chunk).returning(selection(resource, table));
          await writeAudit(
            tx,
            resource,
            auth.userId,
            inserted.map((row) => ({
              recordId: row.id as string,
              businessId: (row.businessId as string) ?? null,
              action: 'import' as const,
              changes: diff(resource, null, row),
            })),
          );
        }
      });
      return { result: { imported: good.length, skipped: rows.length - good.length, invalid: problems } };
    },
  );

  /** Values of unique fields that repeat within the file or already exist (in the caller's business). */
  async function uniqueProblems(
    resource: ResourceDeclaration,
    table: ResourceTable,
    valid: { line: number; values: Row }[],
    tenant: string | null,
    problems: ImportProblem[],
  ) {
    for (const [key, field] of storedFields(resource)) {
      if (!field.unique) continue;
      // A caseless field's values meet as its index compares them: lower-cased.
      const caseless = field.unique === 'caseless';
      const keyOf = (v: unknown) => (caseless && typeof v === 'string' ? v.toLowerCase() : v);
      const column = caseless ? sql`lower(${table[key]!})` : table[key]!;
      const values = valid.map((v) => keyOf(v.values[key])).filter((v) => v !== null && v !== undefined);
      if (!values.length) continue;
      const existing = new Set<unknown>();
      for (let i = 0; i < values.length; i += BATCH) {
        const found = await db
          .select({ v: column })
          .from(table)
          .where(and(inArray(column, values.slice(i, i + BATCH)), tenantCondition(resource, table, tenant)));
        for (const f of found) existing.add(f.v);
      }
      const seen = new Set<unknown>();
      for (const v of valid) {
        const value = keyOf(v.values[key]);
        if (value === null || value === undefined) continue;
        if (existing.has(value) || seen.has(value))
          problems.push({ line: v.line, field: key, message: MESSAGES.uniqueTaken });
        seen.add(value);
      }
    }
  }
}

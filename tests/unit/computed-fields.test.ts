// @vitest-environment node
/**
 * The engine's computed fields (FieldDeclaration.computed) and a form-less field's column default,
 * on a throwaway declaration: a computed value is never a column, a form field or a request key,
 * and the record schema answers it (null when nothing computed it); a `form: false` field with a
 * defaultValue gets it from its column. The reports resource uses both (its totals, its status).
 */
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { formFields, validateRecord } from '../../src/domain/resources/field-rules';
import { defineResource } from '../../src/domain/resources/types';
import reports from '../../src/resources/reports/resource';
import { buildTable, storedFields } from '../../server/resources/table';
import { schemasOf } from '../../server/resources/schemas';
import { registerResourceTable } from '../../server/resources/tables';

const invoices = defineResource({
  name: 'computedThrowaway',
  table: { name: 'computed_throwaway' },
  routes: { list: 'computed_throwaway' },
  api: { base: '/api/ComputedThrowaway' },
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], update: ['ADMIN'], delete: ['ADMIN'] },
  titleField: 'name',
  fields: {
    name: { type: 'string', required: true },
    state: { type: 'enum', options: ['draft', 'sent'], required: true, defaultValue: 'draft', form: false },
    linesCount: { type: 'integer', computed: true },
    totalCents: { type: 'money', computed: true },
  },
});

describe('computed fields', () => {
  it('are not stored, not in forms, and refused in a request body', () => {
    expect(storedFields(invoices).map(([k]) => k)).toEqual(['name', 'state']);
    expect(formFields(invoices, 'create').map(([k]) => k)).toEqual(['name']);
    const checked = validateRecord(invoices, 'create', { name: 'A', totalCents: 5 });
    expect(checked).toEqual({ ok: false, errors: { totalCents: 'Invalid value' } });
  });

  it('have no column, and a form-less field takes its default from its column', () => {
    const table = buildTable(invoices, () => {
      throw new Error('no references');
    });
    const columns = getTableColumns(table);
    expect(Object.keys(columns)).not.toContain('totalCents');
    expect(columns.state!.hasDefault).toBe(true);
    expect(columns.state!.default).toBe('draft');
    expect(columns.name!.hasDefault).toBe(false);
  });

  it('are answered with the record, as numbers or null', () => {
    registerResourceTable(invoices);
    const record = schemasOf(invoices).record;
    const base = { id: 'x', name: 'A', state: 'draft', createdAt: new Date(), updatedAt: new Date() };
    expect(record.safeParse({ ...base, linesCount: 2, totalCents: 1999 }).success).toBe(true);
    expect(record.safeParse({ ...base, linesCount: null, totalCents: null }).success).toBe(true);
    expect(record.safeParse({ ...base, linesCount: 'two', totalCents: null }).success).toBe(false);
  });

  it("are the reports' totals, and its status is a locking state no form sets", () => {
    expect(
      Object.entries(reports.fields)
        .filter(([, f]) => 'computed' in f && f.computed)
        .map(([k]) => k),
    ).toEqual(['deliveriesCount', 'subtotalCents', 'discountCents', 'totalCents']);
    expect(formFields(reports, 'update').map(([k]) => k)).toEqual([
      'title',
      'customerId',
      'periodFrom',
      'periodTo',
      'notes',
    ]);
    expect(reports.fields.status.transitions.locks).toEqual(['closed']);
  });
});

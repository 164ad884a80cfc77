import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { lineColumnKey } from './labels';
import './engine.css';
import { useClock } from '../../ui/venue/use-clock';

const NUMERIC = new Set(['integer', 'money', 'percent', 'hours', 'quantity']);

/** A `lines` field on the show page: a read-only table of its rows, numbers right-aligned. */
export function LinesTable({
  resource,
  fieldKey,
  field,
  rows,
}: {
  resource: ResourceDeclaration;
  fieldKey: string;
  field: FieldDeclaration;
  rows: Record<string, unknown>[];
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const columns = Object.entries(field.lines?.fields ?? {});
  // Each row rendered as a record of its columns (the same formatting as any field).
  const rowResource = { ...resource, fields: field.lines?.fields ?? {} } as ResourceDeclaration;
  return (
    <div className="engine-lines-scroll">
      <Table
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={rows.map((row, i) => ({ ...row, id: String(i) }))}
        scroll={{ x: 'max-content' }}
        columns={columns.map(([column, f]) => ({
          key: column,
          title: t(lineColumnKey(resource.name, fieldKey, column), { defaultValue: column }),
          align: NUMERIC.has(f.type) ? ('right' as const) : undefined,
          render: (_: unknown, row: RecordRow) => renderFieldValue(t, clock, rowResource, column, f, row),
        }))}
      />
    </div>
  );
}

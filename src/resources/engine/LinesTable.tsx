import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '../../domain/constants';
import { formatUsd } from '../../domain/money';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { lineColumnKey } from './labels';
import './engine.css';
import { useClock } from '../../ui/venue/use-clock';

const NUMERIC = new Set(['integer', 'money', 'percent', 'hours', 'quantity']);

/**
 * A `lines` field on the show page: a read-only table of its rows, numbers right-aligned. Below
 * the `sm` breakpoint (a phone) a compact list instead, as invoicing apps print a line on a
 * phone: the first column as the line's title, its amount (when declared) beside it, the other
 * columns as small labelled figures under it, all without scrolling sideways.
 */
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
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  const columns = Object.entries(field.lines?.fields ?? {});
  // Each row rendered as a record of its columns (the same formatting as any field).
  const rowResource = { ...resource, fields: field.lines?.fields ?? {} } as ResourceDeclaration;
  const title = (column: string) => t(lineColumnKey(resource.name, fieldKey, column), { defaultValue: column });
  const value = (column: string, f: FieldDeclaration, row: RecordRow) =>
    renderFieldValue(t, clock, rowResource, column, f, row);
  if (phone) {
    const [head, ...rest] = columns;
    const amount = field.lines?.amount;
    return (
      <ol className="engine-line-list" aria-label={t('resourceEngine.lines.list')}>
        {rows.map((line, i) => {
          const row = { ...line, id: String(i) };
          return (
            <li key={i} className="engine-line-list-item">
              <div className="engine-line-list-head">
                <span className="engine-line-list-title">{head ? value(head[0], head[1], row) : null}</span>
                {amount && <strong className="engine-line-list-amount">{formatUsd(amount(line))}</strong>}
              </div>
              <dl className="engine-line-list-figures">
                {rest.map(([column, f]) => (
                  <div key={column}>
                    <dt>{title(column)}</dt>
                    <dd>{value(column, f, row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ol>
    );
  }
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
          title: title(column),
          align: NUMERIC.has(f.type) ? ('right' as const) : undefined,
          render: (_: unknown, row: RecordRow) => value(column, f, row),
        }))}
      />
    </div>
  );
}

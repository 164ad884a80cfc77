import type { ReactNode } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '../../domain/constants';
import { formatUsd } from '../../domain/money';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { lineColumnKey } from './labels';
import './engine.css';

/** A line as its cells read it: its columns' values, and its place as an id. */
type LineRow = Record<string, unknown> & { id: string };

const NUMERIC = new Set(['integer', 'money', 'percent', 'hours', 'quantity']);

/**
 * A `lines` field on the show page: a read-only table of its rows, numbers right-aligned. Below
 * the `sm` breakpoint (a phone) a compact list instead, as invoicing apps print a line on a
 * phone: the first column as the line's title, its amount beside it, the other columns as small
 * labelled figures under it, all without scrolling sideways.
 *
 * Each line's amount is the server's (`amounts`, the record's `_lineAmounts`: a sent invoice's as
 * it was sent, a draft's from its lines now), the figure its PDF and mail print, never worked out
 * again here: a rule changed since a sending would have shown the page a different amount. The
 * table gives it a last column; without amounts (a resource declaring none) there is none.
 */
export function LinesTable({
  resource,
  fieldKey,
  field,
  rows,
  amounts,
  cell,
}: {
  resource: ResourceDeclaration;
  fieldKey: string;
  field: FieldDeclaration;
  rows: Record<string, unknown>[];
  /** Each line's amount in cents, in the rows' order, as the server sent them. */
  amounts?: readonly number[];
  /**
   * A line's column as any field shows (FieldValue's renderFieldValue, handed in by the field that
   * draws this table, so the two files do not import each other).
   */
  cell: (column: string, field: FieldDeclaration, line: LineRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  const columns = Object.entries(field.lines?.fields ?? {});
  const title = (column: string) => t(lineColumnKey(resource.name, fieldKey, column), { defaultValue: column });
  if (phone) {
    const [head, ...rest] = columns;
    return (
      <ol className="engine-line-list" aria-label={t('resourceEngine.lines.list')}>
        {rows.map((line, i) => {
          const row = { ...line, id: String(i) };
          return (
            <li key={i} className="engine-line-list-item">
              <div className="engine-line-list-head">
                <span className="engine-line-list-title">{head ? cell(head[0], head[1], row) : null}</span>
                {amounts?.[i] !== undefined && (
                  <strong className="engine-line-list-amount">{formatUsd(amounts[i])}</strong>
                )}
              </div>
              <dl className="engine-line-list-figures">
                {rest.map(([column, f]) => (
                  <div key={column}>
                    <dt>{title(column)}</dt>
                    <dd>{cell(column, f, row)}</dd>
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
        columns={[
          ...columns.map(([column, f]) => ({
            key: column,
            title: title(column),
            align: NUMERIC.has(f.type) ? ('right' as const) : undefined,
            render: (_: unknown, row: LineRow) => cell(column, f, row),
          })),
          ...(amounts
            ? [
                {
                  key: '_amount',
                  title: t('resourceEngine.lines.amount'),
                  align: 'right' as const,
                  render: (_: unknown, _row: LineRow, i: number) =>
                    amounts[i] === undefined ? null : formatUsd(amounts[i]),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

import type { ReactNode } from 'react';
import { Form, Typography } from 'antd';
import type { FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../domain/money';
import { refusedLineColumns } from '../../domain/resources/line-check';
import type { FieldDeclaration } from '../../domain/resources/types';
import { toApiValue } from './form-values';

/** One line's cell: the column's rule and input; `label` shown above it (a card) or none (a table). */
export type LineCell = (row: number, column: string, field: FieldDeclaration, label?: string) => ReactNode;

/**
 * The phone layout of a `lines` field (LinesInput below the `sm` breakpoint): a card per line, each
 * input full width under its label (the same cells as the table), then the line's amount when the
 * declaration gives one and its remove button, last in the Tab order of the card.
 */
export function LineCards({
  rows,
  fieldKey,
  field,
  title,
  cell,
  removeButton,
}: {
  rows: FormListFieldData[];
  fieldKey: string;
  field: FieldDeclaration;
  title: (column: string) => string;
  cell: LineCell;
  removeButton: (row: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const columns = Object.entries(field.lines?.fields ?? {});
  // A paragraph of its own: inline, the words ran into the Add line button after them.
  if (!rows.length)
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('resourceEngine.lines.empty')}
      </Typography.Paragraph>
    );
  return (
    <ol className="engine-line-cards">
      {rows.map((row) => (
        <li key={row.key} className="engine-line-card">
          <Typography.Text strong className="engine-line-card-title">
            {t('resourceEngine.lines.line', { row: row.name + 1 })}
          </Typography.Text>
          {columns.map(([column, f]) => (
            <div key={column}>{cell(row.name, column, f, title(column))}</div>
          ))}
          <div className="engine-line-card-foot">
            {field.lines?.amount ? <LineAmount fieldKey={fieldKey} field={field} row={row.name} /> : <span />}
            {removeButton(row.name)}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A line's amount from its current values; a dash while a cell holds a value its rule refuses. */
function LineAmount({ fieldKey, field, row }: { fieldKey: string; field: FieldDeclaration; row: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = Form.useWatch([fieldKey, row], form) as Record<string, unknown> | undefined;
  const line = Object.fromEntries(
    Object.entries(field.lines?.fields ?? {}).map(([column, f]) => [column, toApiValue(f, values?.[column])]),
  );
  const valid = refusedLineColumns(field, line).length === 0;
  return (
    <span className="engine-line-card-amount">
      <Typography.Text type="secondary">{t('resourceEngine.lines.amount')}</Typography.Text>{' '}
      <strong data-testid="line-amount">
        {valid && field.lines?.amount ? formatUsd(field.lines.amount(line)) : '—'}
      </strong>
    </span>
  );
}

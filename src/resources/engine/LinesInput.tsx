import { useEffect, useState } from 'react';
import { Button, Form, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '../../domain/constants';
import { validateRecord } from '../../domain/resources/field-rules';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { translateMessage } from '../../providers/i18n/translate-message';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { FieldInput } from './FieldInput';
import { newLine, toApiValue } from './form-values';
import { lineColumnKey } from './labels';
import { LineCards, type LineCell } from './LineCards';
import './engine.css';

const NUMERIC = new Set(['integer', 'money', 'percent', 'hours', 'quantity']);

/**
 * A `lines` field in the generated form, one row per line (antd Form.List), each cell its column's
 * input checked on blur with the same rule as the server; a server or submit error on
 * `<field>.<row>.<column>` lands on that cell. From the app's `sm` breakpoint up an editable table;
 * below it (a phone) a card per line with each input full width under its label, so no input or
 * message sits off screen. Both layouts render the same cells (`cell` below): one rule, one input.
 * Rows are added and removed here, never beyond the declaration's min and max; a new line's first
 * input takes the focus.
 */
export function LinesInput({
  resource,
  fieldKey,
  field,
  label,
}: {
  resource: ResourceDeclaration;
  fieldKey: string;
  field: FieldDeclaration;
  label: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  const columns = Object.entries(field.lines?.fields ?? {});
  const min = field.lines?.min ?? 0;
  const max = field.lines?.max ?? 100;
  // The row just added (set in the same event as the add, so it is rendered when the effect runs):
  // its first input takes the focus, for the person to type on.
  const [added, setAdded] = useState<{ row: number } | null>(null);
  const first = columns[0]?.[0];
  useEffect(() => {
    if (added && first) form.focusField([fieldKey, added.row, first]);
  }, [added, first, form, fieldKey]);
  const cellRule = (column: string, f: FieldDeclaration) => ({
    validator: (_: unknown, value: unknown) => {
      // One cell as its own record: required, then the column's type and bounds.
      const check = validateRecord({ fields: { [column]: f } }, 'update', {
        [column]: toApiValue(f, value),
      });
      const message = check.ok ? undefined : check.errors[column];
      return message ? Promise.reject(new Error(translateMessage(t, message))) : Promise.resolve();
    },
  });
  const title = (column: string) => t(lineColumnKey(resource.name, fieldKey, column), { defaultValue: column });
  const cell: LineCell = (row, column, f, shownLabel) => (
    <Form.Item
      name={[row, column]}
      rules={[cellRule(column, f)]}
      validateTrigger="onBlur"
      label={shownLabel}
      // On a card the label sits above its input, whatever the form's own layout.
      layout={shownLabel ? 'vertical' : undefined}
      className={NUMERIC.has(f.type) ? 'engine-line-cell engine-line-cell--number' : 'engine-line-cell'}
    >
      <FieldInput
        resource={resource}
        fieldKey={column}
        field={f}
        label={t('resourceEngine.lines.cell', { label, row: row + 1, column: title(column) })}
      />
    </Form.Item>
  );
  return (
    <Form.List name={fieldKey}>
      {(rows, { add, remove }, { errors }) => {
        const removeButton = (row: number) => (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('resourceEngine.lines.remove', { row: row + 1 })}
            disabled={rows.length <= min}
            onClick={() => remove(row)}
          />
        );
        return (
          <div className="lines-input">
            {phone ? (
              <LineCards
                rows={rows}
                fieldKey={fieldKey}
                field={field}
                title={title}
                cell={cell}
                removeButton={removeButton}
              />
            ) : (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={rows}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('resourceEngine.lines.empty') }}
                columns={[
                  ...columns.map(([column, f]) => ({
                    key: column,
                    title: title(column),
                    // Text takes the room left; numbers keep a fixed, readable width.
                    width: f.type === 'integer' ? 110 : NUMERIC.has(f.type) ? 150 : undefined,
                    onCell: () => ({ style: { verticalAlign: 'top' as const } }),
                    render: (_: unknown, row: (typeof rows)[number]) => cell(row.name, column, f),
                  })),
                  {
                    key: 'remove',
                    title: '',
                    width: 48,
                    render: (_: unknown, row: (typeof rows)[number]) => removeButton(row.name),
                  },
                ]}
              />
            )}
            <Form.ErrorList errors={errors} />
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => {
                add(newLine(field));
                setAdded({ row: rows.length });
              }}
              disabled={rows.length >= max}
              className="engine-line-add"
            >
              {t('resourceEngine.lines.add')}
            </Button>
            {rows.length >= max && (
              <Typography.Text type="secondary" className="engine-line-full">
                {t('resourceEngine.lines.full', { max })}
              </Typography.Text>
            )}
          </div>
        );
      }}
    </Form.List>
  );
}

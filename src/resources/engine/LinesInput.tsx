import { Button, Form, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { validateRecord } from '../../domain/resources/field-rules';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { translateMessage } from '../../providers/i18n/translate-message';
import { FieldInput } from './FieldInput';
import { newLine, toApiValue, typedTextMessage } from './form-values';
import { lineColumnKey } from './labels';
import './engine.css';

const NUMERIC = new Set(['integer', 'money', 'percent', 'hours', 'quantity']);

/**
 * A `lines` field in the generated form: an editable table (antd Form.List), one row per line,
 * each cell its column's input checked on blur with the same rule as the server; a server or
 * submit error on `<field>.<row>.<column>` lands on that cell. Rows are added and removed here,
 * never beyond the declaration's min and max.
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
  const columns = Object.entries(field.lines?.fields ?? {});
  const min = field.lines?.min ?? 0;
  const max = field.lines?.max ?? 100;
  const cellRule = (column: string, f: FieldDeclaration) => ({
    validator: (_: unknown, value: unknown) => {
      // One cell as its own record: required, then the column's type and bounds.
      const check = validateRecord({ fields: { [column]: f } }, 'update', {
        [column]: toApiValue(f, value),
      });
      const message = check.ok ? undefined : (typedTextMessage(f, value) ?? check.errors[column]);
      return message ? Promise.reject(new Error(translateMessage(t, message))) : Promise.resolve();
    },
  });
  return (
    <Form.List name={fieldKey}>
      {(rows, { add, remove }, { errors }) => (
        <div className="lines-input">
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('resourceEngine.lines.empty') }}
            columns={[
              ...columns.map(([column, f]) => {
                const title = t(lineColumnKey(resource.name, fieldKey, column), { defaultValue: column });
                return {
                  key: column,
                  title,
                  // Text takes the room left; numbers keep a fixed, readable width.
                  width: f.type === 'integer' ? 110 : NUMERIC.has(f.type) ? 150 : undefined,
                  onCell: () => ({ style: { verticalAlign: 'top' as const } }),
                  render: (_: unknown, row: (typeof rows)[number]) => (
                    <Form.Item
                      name={[row.name, column]}
                      rules={[cellRule(column, f)]}
                      validateTrigger="onBlur"
                      className={NUMERIC.has(f.type) ? 'engine-line-cell engine-line-cell--number' : 'engine-line-cell'}
                    >
                      <FieldInput
                        resource={resource}
                        fieldKey={column}
                        field={f}
                        label={t('resourceEngine.lines.cell', { label, row: row.name + 1, column: title })}
                      />
                    </Form.Item>
                  ),
                };
              }),
              {
                key: 'remove',
                title: '',
                width: 48,
                render: (_: unknown, row: (typeof rows)[number]) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('resourceEngine.lines.remove', { row: row.name + 1 })}
                    disabled={rows.length <= min}
                    onClick={() => remove(row.name)}
                  />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add(newLine(field))}
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
      )}
    </Form.List>
  );
}

import { Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/forms/Select';
import { CONDITION_OPS, FIELD_TEXT_MAX, type Condition, type FormField } from '../../../domain/forms/definition';

/** A showIf / requiredIf condition: a field above, how to compare, and the value. None: always. */
export function ConditionEditor({
  id,
  value,
  above,
  onChange,
}: {
  id: string;
  value: Condition | null | undefined;
  /** The fields above the one edited: the only ones a condition may look at. */
  above: readonly FormField[];
  onChange: (value: Condition | null) => void;
}) {
  const { t } = useTranslation();
  const target = above.find((f) => f.key === value?.field);
  const needsValue = value && (value.op === 'equals' || value.op === 'notEquals');
  const choices =
    target?.type === 'checkbox' ? ['true', 'false'] : target && target.options.length ? target.options : null;
  return (
    <Flex vertical gap="small">
      <Select
        id={id}
        allowClear
        placeholder={t('forms.editor.always')}
        value={value?.field}
        options={above.filter((f) => f.type !== 'hidden').map((f) => ({ value: f.key, label: f.label }))}
        onChange={(field?: string) =>
          onChange(field ? { field, op: value?.op ?? 'equals', value: value?.value ?? '' } : null)
        }
      />
      {value && (
        <Select
          aria-label={t('forms.editor.op')}
          value={value.op}
          options={CONDITION_OPS.map((op) => ({ value: op, label: t(`forms.ops.${op}`) }))}
          onChange={(op) => onChange({ ...value, op })}
        />
      )}
      {needsValue &&
        (choices ? (
          <Select
            aria-label={t('forms.editor.conditionValue')}
            value={value.value || undefined}
            options={choices.map((c) => ({
              value: c,
              label: c === 'true' || c === 'false' ? t(`forms.editor.${c}`) : c,
            }))}
            onChange={(v: string) => onChange({ ...value, value: v })}
          />
        ) : (
          <Input
            aria-label={t('forms.editor.conditionValue')}
            maxLength={FIELD_TEXT_MAX.conditionValue}
            value={value.value}
            onChange={(e) => onChange({ ...value, value: e.target.value })}
          />
        ))}
    </Flex>
  );
}

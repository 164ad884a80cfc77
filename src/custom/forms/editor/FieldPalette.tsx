import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FieldType } from '../../../domain/forms/definition';

/** The field types to add, one button each: a press adds the field at the end and selects it. */
export function FieldPalette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="forms-palette-title" className="forms-palette">
      <h2 id="forms-palette-title" className="forms-section-title">
        {t('forms.editor.palette')}
      </h2>
      <Flex wrap gap="small">
        {FIELD_TYPES.map((type) => (
          <Button key={type} size="small" onClick={() => onAdd(type)}>
            {t(`forms.types.${type}`)}
          </Button>
        ))}
      </Flex>
    </section>
  );
}

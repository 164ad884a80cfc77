import { Form, Switch } from 'antd';
import { Select } from '../../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_TARGET_KEYS,
  fittingFields,
  type ContactMapping,
  type ContactTarget,
} from '../../../domain/forms/contact-mapping';
import type { FormField } from '../../../domain/forms/definition';
import { translateMessage } from '../../../providers/i18n/translate-message';

/**
 * "Save answers as contacts": on, each answer creates or updates the platform's CRM contact its
 * email names (src/domain/forms/contact-mapping.ts). One select per contact field lists the
 * form's fields of a type that fits it; `errors` are the definition's messages by contact field
 * (the schema the server runs when the draft is saved).
 */
export function ContactMappingPanel({
  fields,
  mapping,
  errors,
  onChange,
}: {
  fields: readonly FormField[];
  mapping: ContactMapping | null;
  errors: Partial<Record<ContactTarget, string>>;
  onChange: (mapping: ContactMapping | null) => void;
}) {
  const { t } = useTranslation();
  const on = mapping !== null;
  const emailField = fittingFields(fields, 'email')[0]?.key ?? '';
  return (
    <section className="forms-mapping" aria-labelledby="forms-mapping-title">
      <Form layout="vertical" component="div">
        <Form.Item
          label={<span id="forms-mapping-title">{t('forms.mapping.title')}</span>}
          htmlFor="forms-mapping-on"
          extra={t('forms.mapping.help')}
        >
          <Switch
            id="forms-mapping-on"
            checked={on}
            onChange={(checked) => onChange(checked ? { email: emailField } : null)}
          />
        </Form.Item>
        {on && (
          <div className="forms-mapping-grid">
            {CONTACT_TARGET_KEYS.map((target) => (
              <Form.Item
                key={target}
                label={t(`forms.mapping.targets.${target}`)}
                htmlFor={`forms-mapping-${target}`}
                required={target === 'email'}
                validateStatus={errors[target] ? 'error' : undefined}
                help={errors[target] ? translateMessage(t, errors[target]) : undefined}
              >
                <Select
                  id={`forms-mapping-${target}`}
                  allowClear={target !== 'email'}
                  placeholder={t('forms.mapping.none')}
                  value={mapping[target] || undefined}
                  options={fittingFields(fields, target).map((f) => ({ value: f.key, label: f.label }))}
                  onChange={(value?: string) => onChange({ ...mapping, [target]: value ?? null })}
                />
              </Form.Item>
            ))}
          </div>
        )}
      </Form>
    </section>
  );
}

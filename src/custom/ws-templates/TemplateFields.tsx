import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, type FormInstance } from 'antd';
import { Select } from '../../ui/forms/Select';
import type { FormListProps } from 'antd/es/form';
import type { FieldRules } from '../../ui/forms/use-save-form';
import { useTranslation } from 'react-i18next';
import {
  WS_BUTTON_TYPES,
  WS_CATEGORIES,
  WS_HEADER_FORMATS,
  WS_LANGUAGES,
  WS_LIMITS,
  WS_MEDIA_FORMATS,
  type WsButton,
  type WsTemplate,
} from '../../domain/ws-templates/rules';
import { variableCount } from '../../domain/ws-templates/variables';

/** A counter against the rule's limit that does not stop the typing: the rule's message says when it is over. */
const limit = (max: number) => ({ formatter: ({ count }: { count: number }) => `${count} / ${max}` });

/**
 * The template's fields: name, category, language; header by its format; body with an example
 * input per variable; footer; up to 3 buttons. Every field is checked by the shared validator
 * (`rules`) as it is typed.
 */
export function TemplateFields({
  form,
  rules,
  disabled,
}: {
  form: FormInstance<WsTemplate>;
  rules: FieldRules;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const format = Form.useWatch('headerFormat', form) ?? 'none';
  const headerText = Form.useWatch('headerText', form) ?? '';
  const body = Form.useWatch('body', form) ?? '';
  const buttons = (Form.useWatch('buttons', form) ?? []) as (WsButton | undefined)[];
  const examples = variableCount(body);
  const option = (group: string) => (value: string) => ({ value, label: t(`wsTemplates.${group}.${value}`) });

  return (
    <>
      <div className="ws-fields-row">
        <Form.Item
          name="name"
          label={t('wsTemplates.fields.name')}
          htmlFor="ws-name"
          rules={rules('name')}
          extra={t('wsTemplates.hints.name')}
        >
          <Input id="ws-name" disabled={disabled} autoComplete="off" />
        </Form.Item>
        <Form.Item name="category" label={t('wsTemplates.fields.category')} rules={rules('category')}>
          <Select
            aria-label={t('wsTemplates.fields.category')}
            disabled={disabled}
            options={WS_CATEGORIES.map(option('categories'))}
          />
        </Form.Item>
        <Form.Item name="language" label={t('wsTemplates.fields.language')} rules={rules('language')}>
          <Select
            aria-label={t('wsTemplates.fields.language')}
            disabled={disabled}
            showSearch
            // A name is taken per language (the server's 409 lands on the name): a name showing a
            // message is checked again when the language changes, so the refusal of the old pair
            // goes. Only then: a name not typed yet is not told it is missing.
            onChange={() => {
              if (form.getFieldError('name').length) form.validateFields(['name']).catch(() => undefined);
            }}
            options={WS_LANGUAGES.map((code) => ({
              value: code,
              label: `${t(`wsTemplates.languages.${code}`)} (${code})`,
            }))}
          />
        </Form.Item>
      </div>

      <fieldset className="ws-section">
        <legend>{t('wsTemplates.sections.header')}</legend>
        <Form.Item name="headerFormat" label={t('wsTemplates.fields.headerFormat')} rules={rules('headerFormat')}>
          <Select
            aria-label={t('wsTemplates.fields.headerFormat')}
            disabled={disabled}
            options={WS_HEADER_FORMATS.map(option('headerFormats'))}
          />
        </Form.Item>
        {format === 'text' && (
          <>
            <Form.Item
              name="headerText"
              label={t('wsTemplates.fields.headerText')}
              htmlFor="ws-header-text"
              rules={rules('headerText')}
            >
              <Input id="ws-header-text" disabled={disabled} showCount={limit(WS_LIMITS.header)} />
            </Form.Item>
            {variableCount(headerText) > 0 && (
              <Form.Item
                name="headerExample"
                label={t('wsTemplates.fields.headerExample')}
                htmlFor="ws-header-example"
                rules={rules('headerExample')}
              >
                <Input id="ws-header-example" disabled={disabled} />
              </Form.Item>
            )}
          </>
        )}
        {WS_MEDIA_FORMATS.includes(format) && (
          <Form.Item
            name="headerMediaUrl"
            label={t('wsTemplates.fields.headerMediaUrl')}
            htmlFor="ws-header-media"
            rules={rules('headerMediaUrl')}
            extra={t('wsTemplates.hints.media')}
          >
            <Input id="ws-header-media" type="url" placeholder="https://" disabled={disabled} />
          </Form.Item>
        )}
      </fieldset>

      <fieldset className="ws-section">
        <legend>{t('wsTemplates.sections.body')}</legend>
        <Form.Item
          name="body"
          label={t('wsTemplates.fields.body')}
          htmlFor="ws-body"
          rules={rules('body')}
          extra={t('wsTemplates.hints.body', { one: '{{1}}', two: '{{2}}' })}
        >
          <Input.TextArea
            id="ws-body"
            disabled={disabled}
            autoSize={{ minRows: 4, maxRows: 12 }}
            showCount={limit(WS_LIMITS.body)}
          />
        </Form.Item>
        {Array.from({ length: examples }, (_, i) => (
          <Form.Item
            key={i}
            name={['bodyExamples', i]}
            label={t('wsTemplates.fields.example', { n: i + 1 })}
            htmlFor={`ws-example-${i + 1}`}
            rules={rules(['bodyExamples', i])}
          >
            <Input id={`ws-example-${i + 1}`} disabled={disabled} />
          </Form.Item>
        ))}
      </fieldset>

      <fieldset className="ws-section">
        <legend>{t('wsTemplates.sections.footer')}</legend>
        <Form.Item name="footer" label={t('wsTemplates.fields.footer')} htmlFor="ws-footer" rules={rules('footer')}>
          <Input id="ws-footer" disabled={disabled} showCount={limit(WS_LIMITS.footer)} />
        </Form.Item>
      </fieldset>

      <fieldset className="ws-section">
        <legend>{t('wsTemplates.sections.buttons')}</legend>
        <p className="ws-hint">{t('wsTemplates.hints.buttons')}</p>
        {/* The list's own rules (too many, mixed, two of a kind): the schema's verdict is a validator rule. */}
        <Form.List name="buttons" rules={rules('buttons') as FormListProps['rules']}>
          {(items, { add, remove }, { errors }) => (
            <>
              <Form.ErrorList errors={errors} />
              {items.map((item) => {
                const type = buttons[item.name]?.type;
                const n = item.name + 1;
                return (
                  <div
                    key={item.key}
                    className="ws-button-row"
                    role="group"
                    aria-label={t('wsTemplates.buttonN', { n })}
                  >
                    <Form.Item
                      name={[item.name, 'type']}
                      label={t('wsTemplates.fields.buttonType')}
                      rules={rules(['buttons', item.name, 'type'])}
                    >
                      <Select
                        aria-label={t('wsTemplates.fields.buttonTypeN', { n })}
                        disabled={disabled}
                        options={WS_BUTTON_TYPES.map(option('buttonTypes'))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'text']}
                      label={t('wsTemplates.fields.buttonText')}
                      htmlFor={`ws-button-${n}-text`}
                      rules={rules(['buttons', item.name, 'text'])}
                    >
                      <Input id={`ws-button-${n}-text`} disabled={disabled} showCount={limit(WS_LIMITS.buttonText)} />
                    </Form.Item>
                    {type === 'url' && (
                      <>
                        <Form.Item
                          name={[item.name, 'url']}
                          label={t('wsTemplates.fields.buttonUrl')}
                          htmlFor={`ws-button-${n}-url`}
                          rules={rules(['buttons', item.name, 'url'])}
                        >
                          <Input id={`ws-button-${n}-url`} type="url" placeholder="https://" disabled={disabled} />
                        </Form.Item>
                        {variableCount(buttons[item.name]?.url ?? '') > 0 && (
                          <Form.Item
                            name={[item.name, 'urlExample']}
                            label={t('wsTemplates.fields.urlExample')}
                            htmlFor={`ws-button-${n}-example`}
                            rules={rules(['buttons', item.name, 'urlExample'])}
                          >
                            <Input id={`ws-button-${n}-example`} disabled={disabled} />
                          </Form.Item>
                        )}
                      </>
                    )}
                    {type === 'phone_number' && (
                      <Form.Item
                        name={[item.name, 'phone']}
                        label={t('wsTemplates.fields.buttonPhone')}
                        htmlFor={`ws-button-${n}-phone`}
                        rules={rules(['buttons', item.name, 'phone'])}
                      >
                        <Input id={`ws-button-${n}-phone`} type="tel" placeholder="+15551234567" disabled={disabled} />
                      </Form.Item>
                    )}
                    {!disabled && (
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('wsTemplates.removeButton', { n })}
                        onClick={() => remove(item.name)}
                        className="ws-button-remove"
                      />
                    )}
                  </div>
                );
              })}
              {!disabled && items.length < WS_LIMITS.buttons && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ type: 'quick_reply', text: '', url: '', urlExample: '', phone: '' } satisfies WsButton)
                  }
                >
                  {t('wsTemplates.addButton')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </fieldset>
    </>
  );
}

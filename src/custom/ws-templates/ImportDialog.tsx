import { Button, Form, Input, Modal, Upload } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { importFileRefusal, importSourceSchema, importTemplate } from '../../domain/ws-templates/components';
import { translateMessage } from '../../providers/i18n/translate-message';
import { blankTemplate, type WsTemplate } from '../../domain/ws-templates/rules';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';

/**
 * Brings in a template from the WhatsApp Cloud API's JSON (the template object or its `components`
 * list), pasted or from a file. Nothing is saved here: the editor opens with it, and its rules
 * are checked there like any template's. The JSON box has the focus as it opens (a paste goes in
 * at once); Enter in it starts a new line, as in any multi-line box.
 */
export function ImportDialog(props: { onClose: () => void; onImport: (template: WsTemplate) => void }) {
  const { t } = useTranslation();
  const save = useSaveForm<typeof importSourceSchema, { source: string }, WsTemplate>({
    schema: importSourceSchema,
    initialValues: { source: '' },
    check: (data): Record<string, string> => {
      const read = importTemplate(data.source, blankTemplate());
      return read.ok ? {} : { source: read.message };
    },
    save: async (data) => {
      const read = importTemplate(data.source, blankTemplate());
      if (!read.ok) throw new Error(read.message);
      return read.template;
    },
    onSaved: (template) => props.onImport(template),
  });
  const sourceField = useFocusOnOpen<TextAreaRef>(true);
  const readFile = async (file: File) => {
    // A wrong file is refused unread: the box keeps what it held (a paste), and says why.
    const refusal = importFileRefusal(file);
    if (refusal) {
      save.form.setFields([{ name: 'source', errors: [translateMessage(t, refusal)] }]);
      return;
    }
    save.form.setFieldsValue({ source: await file.text() });
    await save.form.validateFields(['source']).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={t('wsTemplates.importTitle')}
      okText={t('wsTemplates.importOk')}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(props.onClose)}
      destroyOnHidden
    >
      <p>{t('wsTemplates.importIntro')}</p>
      <FormError message={save.formError} />
      <Form {...save.formProps} component="div">
        <Form.Item
          name="source"
          label={t('wsTemplates.fields.importSource')}
          htmlFor="ws-import-source"
          rules={save.rules('source')}
        >
          <Input.TextArea
            ref={sourceField}
            id="ws-import-source"
            autoSize={{ minRows: 6, maxRows: 14 }}
            spellCheck={false}
            className="ws-code"
          />
        </Form.Item>
      </Form>
      <Upload
        accept="application/json,.json"
        showUploadList={false}
        beforeUpload={(file) => {
          void readFile(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('wsTemplates.importFile')}</Button>
      </Upload>
    </Modal>
  );
}

import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { systemPromptSchema } from '../../domain/chat/rules';
import type { BotSettings } from '../../domain/chat/wire';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { savePrompt, useBotSettingsHeld } from './chat-api';
import { useSettingsPaths } from './settings-paths';

/** The system prompt: rules for a configured model, never joined to a visitor's text. */
export function PromptForm({ settings }: { settings: BotSettings }) {
  const { t } = useTranslation(['translation', 'chat']);
  const paths = useSettingsPaths();
  const held = useBotSettingsHeld(settings.domainId);
  const save = useSaveForm<typeof systemPromptSchema, { systemPrompt: string }, BotSettings>({
    schema: systemPromptSchema,
    toInput: (v) => ({ ...v, domainId: settings.domainId, updatedAt: settings.updatedAt }),
    initialValues: { systemPrompt: settings.systemPrompt },
    save: (data) => savePrompt(data, paths),
    success: t('chat.settings.saved'),
    onSaved: held,
  });
  return (
    <Form {...save.formProps} name="chat-prompt">
      <FormError message={save.formError} />
      <Form.Item
        name="systemPrompt"
        label={t('chat.settings.prompt')}
        extra={t('chat.settings.promptHelp')}
        rules={save.rules('systemPrompt')}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.saving}>
        {t('chat.settings.save')}
      </Button>
    </Form>
  );
}

import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { chatbotSchema, CHAT_LIMITS } from '../../domain/chat/rules';
import type { BotSettings } from '../../domain/chat/wire';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { AvatarField } from './AvatarField';
import { saveChatbot, useBotSettingsHeld, useBotSettingsSaved } from './chat-api';
import { useSettingsPaths } from './settings-paths';

type Values = { name: string; greeting: string };

/** The name's counter against the rule's limit, red past it; the typing is never stopped. */
const NAME_COUNT = { show: true, max: CHAT_LIMITS.botNameMax };

/**
 * The bot's name and greeting, and its picture. Answering from the business's documents is not
 * offered yet: the bot answers from the helpdesk only (docs/live-chat.md).
 */
export function BotForm({ settings }: { settings: BotSettings }) {
  const { t } = useTranslation(['translation', 'chat']);
  const saved = useBotSettingsSaved(settings.domainId);
  const held = useBotSettingsHeld(settings.domainId);
  const paths = useSettingsPaths();
  const save = useSaveForm<typeof chatbotSchema, Values, BotSettings>({
    schema: chatbotSchema,
    toInput: (v) => ({
      ...v,
      domainId: settings.domainId,
      useDocuments: settings.useDocuments,
      updatedAt: settings.updatedAt,
    }),
    initialValues: { name: settings.name, greeting: settings.greeting },
    save: (data) => saveChatbot(data, undefined, paths),
    success: t('chat.settings.saved'),
    onSaved: (result) => {
      held(result);
      void saved();
    },
  });
  return (
    <>
      <AvatarField settings={settings} />
      <Form {...save.formProps} name="chat-bot">
        <FormError message={save.formError} />
        <Form.Item
          name="name"
          label={t('chat.settings.name')}
          extra={t('chat.settings.nameHelp')}
          rules={save.rules('name')}
        >
          {/* Counted, not cut: maxLength cut a pasted name at the limit without a word; the shared
              rule's message (chatbotSchema, as the server answers it) says when it is over. */}
          <Input placeholder={t('chat.settings.defaultName')} count={NAME_COUNT} />
        </Form.Item>
        <Form.Item
          name="greeting"
          label={t('chat.settings.greeting')}
          extra={t('chat.settings.greetingHelp')}
          rules={save.rules('greeting')}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.saving}>
          {t('chat.settings.save')}
        </Button>
      </Form>
    </>
  );
}

import { Button, Form } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { ANSWER_LENGTHS, botParametersSchema, HANDOVER, TONES } from '../../domain/chat/rules';
import type { BotSettings } from '../../domain/chat/wire';
import { FormError } from '../../ui/forms/FormError';
import { NumberField } from '../../ui/forms/NumberField';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { saveParameters, useBotSettingsHeld } from './chat-api';
import { useSettingsPaths } from './settings-paths';

type Values = Omit<
  BotSettings,
  'domainId' | 'domainName' | 'name' | 'greeting' | 'avatarUrl' | 'systemPrompt' | 'useDocuments' | 'updatedAt'
>;
const NUMBERS = ['temperature', 'capPerSession', 'capPerDay', 'capPerIp'] as const;

/** Tone, answer length, temperature, when to hand over, and the caps per conversation, visitor and IP. */
export function ParametersForm({ settings }: { settings: BotSettings }) {
  const { t } = useTranslation(['translation', 'chat']);
  const { tone, answerLength, temperature, handover, capPerSession, capPerDay, capPerIp } = settings;
  const paths = useSettingsPaths();
  const held = useBotSettingsHeld(settings.domainId);
  const save = useSaveForm<typeof botParametersSchema, Values, BotSettings>({
    schema: botParametersSchema,
    // The version the settings were loaded at: saved since in another tab, the server answers 409.
    toInput: (v) => ({ ...v, domainId: settings.domainId, updatedAt: settings.updatedAt }),
    initialValues: { tone, answerLength, temperature, handover, capPerSession, capPerDay, capPerIp },
    save: (data) => saveParameters(data, paths),
    success: t('chat.settings.saved'),
    onSaved: held,
  });
  const choice = (name: 'tone' | 'answerLength' | 'handover', group: string, values: readonly string[]) => (
    <Form.Item name={name} label={t(`chat.settings.${name}`)} rules={save.rules(name)}>
      <Select options={values.map((v) => ({ value: v, label: t(`chat.settings.${group}.${v}`) }))} />
    </Form.Item>
  );
  return (
    <Form {...save.formProps} name="chat-parameters">
      <FormError message={save.formError} />
      <div className="chat-grid">
        {choice('tone', 'tones', TONES)}
        {choice('answerLength', 'lengths', ANSWER_LENGTHS)}
        {choice('handover', 'handovers', HANDOVER)}
        {NUMBERS.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`chat.settings.${name}`)}
            rules={save.rules(name)}
            // The caps nest (conversation ≤ visitor's day ≤ address's day): a change re-checks the narrower one.
            dependencies={name === 'capPerSession' ? ['capPerDay'] : name === 'capPerDay' ? ['capPerIp'] : undefined}
          >
            <NumberField inputMode={name === 'temperature' ? 'decimal' : 'numeric'} />
          </Form.Item>
        ))}
      </div>
      <Button type="primary" htmlType="submit" loading={save.saving}>
        {t('chat.settings.save')}
      </Button>
    </Form>
  );
}

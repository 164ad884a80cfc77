import { Button, Form, Input } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { filterQuestionSchema, helpdeskQuestionSchema } from '../../domain/chat/rules';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { addQuestion, type QuestionKind } from './chat-api';
import type { QuestionPaths } from './settings-paths';

type Values = { question: string; answer: string; choices: string[]; toPerson: string[] };
const BLANK: Values = { question: '', answer: '', choices: [], toPerson: [] };

/** Adds a helpdesk question with its answer, or a filter question with its choices. */
export function QuestionForm({
  kind,
  domainId,
  onAdded,
  paths,
}: {
  kind: QuestionKind;
  domainId: string;
  onAdded: () => void;
  paths: QuestionPaths;
}) {
  const { t } = useTranslation(['translation', 'chat']);
  const helpdesk = kind === 'helpdesk';
  const save = useSaveForm<typeof helpdeskQuestionSchema | typeof filterQuestionSchema, Values>({
    schema: helpdesk ? helpdeskQuestionSchema : filterQuestionSchema,
    toInput: (v) =>
      helpdesk
        ? { domainId, question: v.question, answer: v.answer }
        : { domainId, question: v.question, choices: v.choices ?? [], toPerson: v.toPerson ?? [] },
    initialValues: BLANK,
    save: (data) => addQuestion(kind, data, paths),
    success: t('chat.questions.added'),
    resetAfterSave: true,
    onSaved: onAdded,
  });
  const choices = Form.useWatch('choices', save.form) ?? [];
  return (
    <Form
      {...save.formProps}
      name={`chat-${kind}`}
      className="chat-question-form"
      onValuesChange={(changed: Partial<Values>, all: Values) => {
        save.formProps.onValuesChange?.(changed, all);
        // A choice taken out of the list leaves "Send to a person" too: kept there, it stayed a tag
        // no option matched, and Add was refused for a value the person could no longer see.
        if (!changed.choices) return;
        const picked = all.toPerson ?? [];
        const kept = picked.filter((c) => changed.choices!.includes(c));
        if (kept.length !== picked.length) save.form.setFieldValue('toPerson', kept);
      }}
    >
      <FormError message={save.formError} />
      <Form.Item name="question" label={t('chat.questions.question')} rules={save.rules('question')}>
        <Input />
      </Form.Item>
      {helpdesk ? (
        <Form.Item name="answer" label={t('chat.questions.answer')} rules={save.rules('answer')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="choices"
            label={t('chat.questions.choices')}
            extra={t('chat.questions.choicesHelp')}
            rules={save.rules('choices')}
          >
            <Select mode="tags" open={false} suffixIcon={null} />
          </Form.Item>
          <Form.Item name="toPerson" label={t('chat.questions.toPerson')} rules={save.rules('toPerson')}>
            <Select mode="multiple" options={choices.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={save.saving}>
        {t('chat.questions.add')}
      </Button>
    </Form>
  );
}

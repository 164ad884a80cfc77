import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { useFilterQuestions } from './chat-api';

/** A filter question's answer, as the inbox filters by it (the question as asked and the answer). */
export interface AnswerChoice {
  question: string;
  answer: string;
}

/**
 * The inbox's filter by the answers to the domain's filter questions (the product brief,
 * section 1): one of each question's choices. Questions answered in free text offer nothing to
 * pick, so they are left out.
 */
export function AnswerFilter(props: {
  domainId: string;
  value: AnswerChoice | null;
  onChange: (value: AnswerChoice | null) => void;
}) {
  const { t } = useTranslation();
  const { questions } = useFilterQuestions(props.domainId);
  const picked = props.value ? JSON.stringify([props.value.question, props.value.answer]) : 'all';
  const groups = (questions ?? [])
    .filter((q) => q.choices.length > 0)
    .map((q) => ({
      label: q.question,
      title: q.question,
      options: q.choices.map((choice) => ({ value: JSON.stringify([q.question, choice]), label: choice })),
    }));
  if (groups.length === 0 && !props.value) return null;
  return (
    <label className="chat-field">
      <span>{t('chat.inbox.answer')}</span>
      <Select<string>
        aria-label={t('chat.inbox.answer')}
        className="chat-select"
        value={picked}
        loading={!questions}
        options={[{ value: 'all', label: t('chat.inbox.anyAnswer') }, ...groups]}
        onChange={(value) => {
          if (value === 'all') return props.onChange(null);
          const [question, answer] = JSON.parse(value) as [string, string];
          props.onChange({ question, answer });
        }}
      />
    </label>
  );
}

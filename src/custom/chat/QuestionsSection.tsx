import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterQuestion, HelpdeskEntry } from '../../domain/chat/wire';
import { showToast } from '../../providers/notification/toast-bus';
import { errorText } from '../../providers/i18n/translate-message';
import { useClock } from '../../ui/venue/use-clock';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { deleteQuestion, type QuestionKind } from './chat-api';
import { useSettingsPaths } from './settings-paths';
import { QuestionForm } from './QuestionForm';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

type Row = HelpdeskEntry | FilterQuestion;

/** The helpdesk (the bot's knowledge) or the filter questions: a paged table, delete, and the add form. */
export function QuestionsSection({ kind, domainId }: { kind: QuestionKind; domainId: string }) {
  const { t } = useTranslation(['translation', 'chat']);
  const clock = useClock();
  // A domain's paths by default; the platform's bot (the support chat) has only a helpdesk.
  const paths = useSettingsPaths()[kind] ?? { list: '', add: '' };
  const list = usePagedRows<Row>({
    resource: `chat-${kind}`,
    path: paths.list,
    filters: [{ field: 'domainId', operator: 'eq', value: domainId }],
    perPage: 10,
  });
  const remove = async (id: string) => {
    try {
      await deleteQuestion(kind, id, paths);
      showToast({ kind: 'message', type: 'success', content: t('chat.questions.deleted') });
    } catch (error) {
      // Refused (deleted meanwhile in another tab: 404) or not sent: said, and the list read again.
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    }
    list.reload();
  };
  const columns: TableColumnsType<Row> = [
    { title: t('chat.questions.question'), dataIndex: 'question', className: 'chat-wrap-cell' },
    kind === 'helpdesk'
      ? { title: t('chat.questions.answer'), dataIndex: 'answer', className: 'chat-answer-cell chat-wrap-cell' }
      : {
          title: t('chat.questions.choices'),
          className: 'chat-wrap-cell',
          render: (_, row) => ('choices' in row ? row.choices.join(', ') : ''),
        },
    // Not on a phone: with the date the Spanish table ran 11 px past its card, Delete cut at the edge.
    {
      title: t('chat.questions.created'),
      dataIndex: 'createdAt',
      responsive: ['sm'],
      render: (v: string) => clock.date(v),
    },
    {
      title: '',
      key: 'actions',
      render: (_, row) => (
        <SteadyPopconfirm
          title={t('chat.questions.deleteConfirm')}
          okText={t('chat.questions.delete')}
          onConfirm={() => remove(row.id)}
        >
          <Button size="small" danger>
            {t('chat.questions.delete')}
          </Button>
        </SteadyPopconfirm>
      ),
    },
  ];
  return (
    <section className="chat-section" aria-labelledby={`chat-${kind}-title`}>
      <h2 id={`chat-${kind}-title`}>{t(`chat.questions.${kind}`)}</h2>
      <p className="chat-help">{t(`chat.questions.${kind}Intro`)}</p>
      <QuestionForm kind={kind} domainId={domainId} onAdded={list.reload} paths={paths} />
      <PagedTable<Row>
        {...list.table}
        columns={columns}
        emptyText={t('chat.questions.empty')}
        aria-label={t(`chat.questions.${kind}`)}
      />
    </section>
  );
}

import { useState } from 'react';
import { Alert, Button, Flex, Grid, Input, Segmented, type TableColumnsType } from 'antd';
import { Select } from '../../ui/forms/Select';
import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { answerText } from '../../domain/forms/answer-text';
import type { FieldType } from '../../domain/forms/definition';
import type { FormDetail, Submission } from '../../domain/forms/wire';
import { showToast } from '../../providers/notification/toast-bus';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { useClock } from '../../ui/venue/use-clock';
import { PagedTable } from '../../ui/tables/PagedTable';
import { contactRefusalLines } from './contact-refusal';
import { downloadSubmissions, downloadSubmittedFile, useNotSpam, useSubmissions } from './forms-api';

/** A cell: the answer as people read it (answer-text.ts: a date MM/DD/YYYY, a US phone), a ticked box ✓. */
const show = (type: FieldType, value: unknown) => (value === true ? '✓' : answerText(type, value));

/**
 * A form's submissions, of one version (its own fields as columns, labelled as in that version)
 * or of all, newest first, and the CSV of every submission grouped by version. Those sent faster
 * than a person fills a form in are kept apart under Spam (server/modules/forms/
 * submission-service.ts), each with "Not spam" to move it into the answers.
 */
export function SubmissionsView({ form }: { form: FormDetail }) {
  const { t } = useTranslation();
  const clock = useClock();
  const [version, setVersion] = useState<number | undefined>(form.versions[0]?.version);
  const [paging, setPaging] = useState({ page: 1, perPage: 20 });
  const [downloading, setDownloading] = useState(false);
  const [q, setQ] = useState('');
  const [spam, setSpam] = useState(false);
  const { rows, total, loading } = useSubmissions(form.slug, { version, q, spam }, paging.page, paging.perPage);
  const { notSpam, busy } = useNotSpam(form.slug);
  const fields = form.versions.find((v) => v.version === version)?.fields ?? form.versions[0]?.fields ?? [];
  // A phone (narrower than antd's md, as the payment links) gets one column, each answer's fields
  // under their labels: a column per field scrolled the table sideways past the screen.
  const narrow = !(Grid.useBreakpoint().md ?? true);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadSubmissions(form.slug);
    } catch (error) {
      toastError(t, error);
    } finally {
      setDownloading(false);
    }
  };
  const moveToAnswers = async (submission: Submission) => {
    try {
      const { contactRefused } = await notSpam(submission.id);
      if (!contactRefused) {
        toastSuccess(t('forms.spam.moved'));
        return;
      }
      // Moved all the same (submission-service.ts markNotSpam): say why no contact came of it,
      // until the admin closes it, since fixing the contact by hand is theirs to do now.
      showToast({
        kind: 'notification',
        type: 'warning',
        content: t('forms.spam.movedNoContact'),
        description: contactRefusalLines(t, form.versions, submission.version, contactRefused).join('; '),
        duration: 0,
      });
    } catch (error) {
      toastError(t, error);
    }
  };
  /** A file field's cell: its file, downloaded with the admin's sign-in. */
  const fileCell = (key: string, s: Submission) => {
    const file = s.files.find((f) => f.key === key);
    if (!file) return null;
    return (
      <Button
        type="link"
        size="small"
        icon={<PaperClipOutlined />}
        className="forms-file-link"
        aria-label={t('forms.file.download', { name: file.name })}
        onClick={() => void downloadSubmittedFile(form.slug, file.id, file.name).catch((e) => toastError(t, e))}
      >
        {file.name}
      </Button>
    );
  };

  const cellOf = (f: (typeof fields)[number], s: Submission) =>
    f.type === 'file' ? fileCell(f.key, s) : show(f.type, s.answers[f.key]);
  const notSpamButton = (s: Submission) => (
    <Button size="small" disabled={busy} onClick={() => void moveToAnswers(s)}>
      {t('forms.spam.notSpam')}
    </Button>
  );
  const columns: TableColumnsType<Submission> = narrow
    ? [
        {
          key: 'answer',
          title: spam ? t('forms.spam.title') : t('forms.submissions.title'),
          render: (_, s) => (
            <div className="forms-answer">
              <div className="forms-muted">
                {version
                  ? clock.dateTime(s.createdAt)
                  : `${clock.dateTime(s.createdAt)} · ${t('forms.versionN', { version: s.version })}`}
              </div>
              <dl className="forms-answer-fields">
                {fields.map((f) => (
                  <div key={f.key}>
                    <dt>{f.label}</dt>
                    {/* An unanswered field says so, rather than a label over nothing. */}
                    <dd>{cellOf(f, s) || '—'}</dd>
                  </div>
                ))}
              </dl>
              {spam && notSpamButton(s)}
            </div>
          ),
        },
      ]
    : [
        { key: 'at', title: t('forms.submissions.at'), render: (_, s) => clock.dateTime(s.createdAt) },
        ...(version ? [] : [{ key: 'v', title: t('forms.submissions.versionShort'), dataIndex: 'version' }]),
        ...fields.map((f) => ({
          key: f.key,
          title: f.label,
          render: (_: unknown, s: Submission) => cellOf(f, s),
        })),
        ...(spam
          ? [{ key: 'notSpam', title: t('forms.spam.action'), render: (_: unknown, s: Submission) => notSpamButton(s) }]
          : []),
      ];

  return (
    <Flex vertical gap="middle">
      <Segmented<'answers' | 'spam'>
        aria-label={t('forms.spam.show')}
        className="forms-spam-switch"
        value={spam ? 'spam' : 'answers'}
        onChange={(shown) => {
          setSpam(shown === 'spam');
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        options={[
          { value: 'answers', label: t('forms.submissions.title') },
          { value: 'spam', label: t('forms.spam.tab', { count: form.spam }) },
        ]}
      />
      {spam && <Alert type="info" showIcon message={t('forms.spam.why')} />}
      <Flex gap="small" wrap justify="space-between" align="center">
        <Select
          aria-label={t('forms.submissions.version')}
          className="forms-version-select"
          value={version ?? 0}
          onChange={(v: number) => {
            setVersion(v || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            ...form.versions.map((v) => ({
              value: v.version,
              // The counts are the answers'; spam is counted on its own switch.
              label: spam
                ? t('forms.versionN', { version: v.version })
                : t('forms.submissions.versionCount', { version: v.version, count: v.submissions }),
            })),
            { value: 0, label: t('forms.submissions.all') },
          ]}
        />
        <Input.Search
          allowClear
          className="forms-search"
          aria-label={t('forms.submissions.search')}
          placeholder={t('forms.submissions.search')}
          onSearch={(value) => {
            setQ(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {!spam && (
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            {t('forms.submissions.csv')}
          </Button>
        )}
      </Flex>
      <PagedTable<Submission>
        aria-label={spam ? t('forms.spam.title') : t('forms.submissions.title')}
        rows={rows}
        loading={loading}
        emptyText={spam ? t('forms.spam.empty') : t('forms.submissions.empty')}
        page={paging.page}
        perPage={paging.perPage}
        total={total}
        onPageChange={(page, perPage) => setPaging({ page, perPage })}
        pager={{ showTotal: (count) => t('forms.submissions.total', { count }) }}
        columns={columns}
      />
    </Flex>
  );
}

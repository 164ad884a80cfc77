import { useEffect, useState } from 'react';
import { Button, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { publicFormPage } from '../../domain/forms/api';
import { isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { expectMove } from './editor/carried-work';
import { FormEditor } from './editor/FormEditor';
import { FormDetailsDialog } from './FormDetailsDialog';
import { FormLifecycle } from './FormLifecycle';
import { useFormDetail, useFormWrites } from './forms-api';
import { SubmissionsView } from './SubmissionsView';
import { useFormVersion } from './use-form-version';
import './forms.css';

/**
 * form_builder/{slug}/edit — one form: its builder, its submissions, its name and address, whether
 * it takes answers, and Delete.
 */
export default function FormEditorPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: form, query, reread } = useFormDetail(slug);
  const { rename } = useFormWrites();
  const [renaming, setRenaming] = useState(false);
  const version = useFormVersion(form);
  useDocumentTitle(form?.name ?? t('forms.title'));
  // Opened at an old slug (the server answered the form's own, 308): the address shows the current one.
  useEffect(() => {
    if (form && form.slug !== slug) void navigate(`/form_builder/${form.slug}/edit`, { replace: true });
  }, [form, slug, navigate]);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!form) {
    // The address's slug is the read's only input: one no form can have (longer than any, refused
    // as invalid) is no form either, not 'Some fields are not valid'.
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Result status={missing ? '404' : 'error'} title={missing ? t('forms.notFound') : errorText(t, query.error)} />
    );
  }

  const link = publicFormPage(form.slug);
  const intro = (
    <Space wrap size="small">
      <span>{t('forms.publicAddress')}</span>
      <Typography.Link href={link} target="_blank" copyable={{ text: `${window.location.origin}${link}` }}>
        {link}
      </Typography.Link>
      {form.versions[0] ? t('forms.versionN', { version: form.versions[0].version }) : t('forms.unpublished')}
      <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(true)}>
        {t('forms.details.rename')}
      </Button>
      <FormLifecycle form={form} reread={reread} />
    </Space>
  );
  return (
    <PagePanel title={form.name} intro={intro}>
      <Tabs
        // The answers' counts per version are read again when the answers are opened.
        onChange={(tab) => void (tab === 'submissions' && query.refetch())}
        items={[
          {
            key: 'build',
            label: t('forms.tabs.build'),
            children: <FormEditor key={form.id} form={form} version={version} />,
          },
          {
            key: 'submissions',
            label: t('forms.tabs.submissions'),
            children: <SubmissionsView form={form} />,
            disabled: !form.versions.length,
          },
        ]}
      />
      <FormDetailsDialog
        open={renaming}
        initial={{ name: form.name, slug: form.slug }}
        onClose={() => setRenaming(false)}
        onSave={async (values) => {
          // The page on the new address is drawn anew: the builder's unsaved work goes with it. Said
          // before the request, as the form read back at its new address may move the page first.
          expectMove(form.id, values.slug !== form.slug);
          const renamed = await rename(form.slug, values).catch((error: unknown) => {
            expectMove(form.id, false);
            throw error;
          });
          version.moved(renamed);
          if (renamed.slug !== slug) void navigate(`/form_builder/${renamed.slug}/edit`, { replace: true });
        }}
      />
    </PagePanel>
  );
}

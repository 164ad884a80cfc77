import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { errorText } from './errors';
import { recordSentence, singularLabel } from './labels';
import { recordTitle } from './seeded-text';
import type { RecordRow } from './FieldValue';
import { RecordForm, type FormExtras } from './RecordForm';

export type { FormExtras, FormLayout } from './RecordForm';

export function ResourceCreate({ resource, ...extras }: { resource: ResourceDeclaration } & FormExtras) {
  const { t } = useTranslation();
  const title = recordSentence(t, resource, 'createTitle');
  useDocumentTitle(title);
  return (
    <PagePanel title={title}>
      <RecordForm resource={resource} mode="create" {...extras} />
    </PagePanel>
  );
}

export function ResourceEdit({
  resource,
  summary,
  layout,
}: { resource: ResourceDeclaration } & Pick<FormExtras, 'summary' | 'layout'>) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { result, query } = useOne<RecordRow>({ resource: resource.name, id, errorNotification: false });
  const name = result ? recordTitle(t, resource, result) : '';
  const title = t('resourceEngine.editTitle', { name: name || singularLabel(t, resource) });
  useDocumentTitle(title);
  return (
    <PagePanel title={title}>
      {query.error ? (
        <Alert type="error" showIcon message={errorText(t, query.error)} />
      ) : result ? (
        <RecordForm
          key={result.id}
          resource={resource}
          mode="update"
          record={result}
          reread={() => void query.refetch()}
          summary={summary}
          layout={layout}
        />
      ) : (
        <Skeleton active />
      )}
    </PagePanel>
  );
}

/**
 * Some fields of one record, edited in place on a bespoke page (e.g. a venue's guest-facing
 * details): the generated inputs, rules and messages, saved through the resource's update route.
 */
export function ResourceFieldsForm({
  resource,
  id,
  fields,
}: {
  resource: ResourceDeclaration;
  id: string;
  fields: readonly string[];
}) {
  const { t } = useTranslation();
  const { result, query } = useOne<RecordRow>({ resource: resource.name, id, errorNotification: false });
  if (query.error) return <Alert type="error" showIcon message={errorText(t, query.error)} />;
  if (!result) return <Skeleton active />;
  // A save or a live change refills the form; typed work is asked about first (ChangedMeanwhileBanner).
  return (
    <RecordForm
      key={result.id}
      resource={resource}
      mode="update"
      record={result}
      only={fields}
      onSaved={() => void query.refetch()}
      reread={() => void query.refetch()}
    />
  );
}

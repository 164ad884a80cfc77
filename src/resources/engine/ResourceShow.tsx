import { lazy, Suspense, type ReactNode } from 'react';
import { useParams, useNavigate } from 'react-router';
import { useDelete, useOne } from '@refinedev/core';
import { Alert, Button, Descriptions, Flex, Skeleton } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { closedForGood, isLocked } from '../../domain/resources/record-rules';
import { isEmptyValue } from '../../domain/resources/field-rules';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { routeTo } from '../route-rules';
import { errorText, toastError, toastSuccess } from './errors';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { HistoryList } from './HistoryList';
import { RecordSection } from './RecordSection';
import { RelatedSection } from './RelatedSection';
import { fieldLabel, singularLabel } from './labels';
import { recordTitle, shownText } from './seeded-text';
import { useCan } from './use-can';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { BREAKPOINTS } from '../../domain/constants';
import './engine.css';
import { useClock } from '../../ui/venue/use-clock';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

// The markdown parser loads only where a markdown field is shown.
const MarkdownView = lazy(() => import('./MarkdownView'));

/**
 * The generated show page: the record's fields, edit / delete by role, and its history.
 * `extra` (for `screens.show` overrides) adds the loaded record's own actions after Edit / Delete;
 * `panels` adds the record's own sections (a ticket's comments and attachments) before its history.
 */
export default function ResourceShow({
  resource,
  extra,
  panels,
}: {
  resource: ResourceDeclaration;
  extra?: (record: RecordRow) => ReactNode;
  panels?: (record: RecordRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan(resource);
  // On a phone each label sits above its value: two columns leave the labels a few letters wide.
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 1}px)`);
  const { result, query } = useOne<RecordRow>({ resource: resource.name, id, errorNotification: false });
  const remove = useDelete<RecordRow>();
  const name = result ? recordTitle(t, resource, result) : '';
  const title = name || singularLabel(t, resource);
  useDocumentTitle(title);

  const onDelete = async () => {
    try {
      await remove.mutateAsync({ resource: resource.name, id, successNotification: false, errorNotification: false });
      toastSuccess(t('resourceEngine.deleted', { name: title }));
      navigate(routeTo(resource.routes.list), { replace: true });
    } catch (error) {
      toastError(t, error);
    }
  };

  const shown = Object.entries(resource.fields).filter(([, f]) => f.show !== false && f.type !== 'password');
  // Only the rows that say something: a field the record does not use as it stands (a binding
  // quote's hourly rate, a hourly quote's price) has no value, and an empty row reads as missing data.
  const hasValue = (key: string) => !isEmptyValue(result?.[key]);
  return (
    <Flex vertical gap={16}>
      <PagePanel title={title}>
        {query.error ? (
          <Alert type="error" showIcon message={errorText(t, query.error)} />
        ) : !result ? (
          <Skeleton active />
        ) : (
          <Flex vertical gap={16}>
            <Flex gap={8} wrap>
              {can('update') && resource.routes.edit && !closedForGood(resource, result) && (
                <Button
                  icon={<EditOutlined aria-hidden />}
                  onClick={() => navigate(routeTo(resource.routes.edit!, id))}
                >
                  {t('resourceEngine.edit')}
                </Button>
              )}
              {can('delete') && !isLocked(resource, result) && (
                <SteadyPopconfirm
                  title={t('resourceEngine.deleteTitle', { name: title })}
                  okText={t('resourceEngine.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('resourceEngine.cancel')}
                  onConfirm={onDelete}
                >
                  <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.mutation.isPending}>
                    {t('resourceEngine.delete')}
                  </Button>
                </SteadyPopconfirm>
              )}
              {extra?.(result)}
            </Flex>
            <Descriptions
              bordered
              size="small"
              column={1}
              layout={narrow ? 'vertical' : 'horizontal'}
              items={[...shown.map(([key]) => key), 'createdAt', 'updatedAt'].filter(hasValue).map((key) => ({
                key,
                label: fieldLabel(t, resource, key),
                children:
                  resource.fields[key]?.type === 'markdown' && result[key] ? (
                    <Suspense fallback={shownText(t, resource, key, result)}>
                      <MarkdownView text={shownText(t, resource, key, result)} />
                    </Suspense>
                  ) : resource.fields[key]?.type === 'text' ? (
                    <span className="engine-text">{shownText(t, resource, key, result)}</span>
                  ) : (
                    renderFieldValue(t, clock, resource, key, resource.fields[key], result, 'show')
                  ),
              }))}
            />
          </Flex>
        )}
      </PagePanel>
      {result &&
        can('show') &&
        (resource.related ?? []).map((related) => (
          <RelatedSection key={related.key} resource={resource} related={related} id={id} version={result.updatedAt} />
        ))}
      {result && can('show') && panels?.(result)}
      {result && can('show') && (
        <RecordSection titleId="history-title" title={t('resourceEngine.history.title')}>
          <HistoryList resource={resource} id={id} version={result.updatedAt} />
        </RecordSection>
      )}
    </Flex>
  );
}

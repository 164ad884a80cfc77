import { useEffect, useState } from 'react';
import { Alert, Empty, List, Pagination, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';
import type { PagingData } from '../../domain/user';
import { formatDateTime } from '../../ui/format';
import { fetchHistory, type HistoryEntry } from './api';
import { errorText } from './errors';
import { renderFieldValue } from './FieldValue';
import { fieldLabel } from './labels';

const PER_PAGE = 10;

/** The record's audit entries, newest first: who, when, and each field's from → to. */
export function HistoryList({
  resource,
  id,
  version,
}: {
  resource: ResourceDeclaration;
  id: string;
  version: unknown;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ entries: HistoryEntry[]; paging: PagingData | null } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchHistory(resource, id, page, PER_PAGE)
      .then((next) => live && (setState(next), setError(null)))
      .catch((err: unknown) => live && setError(errorText(t, err)));
    return () => {
      live = false;
    };
  }, [resource, id, page, version, t]);

  // A change's value as the list shows it (money, dates, enum labels); references by id.
  const show = (field: string, value: unknown) => {
    const declaration = resource.fields[field];
    if (value === null || value === undefined || value === '') return <em>{t('resourceEngine.history.empty')}</em>;
    if (declaration?.type === 'reference') return String(value);
    return renderFieldValue(t, resource, field, declaration, { id, [field]: value }) || String(value);
  };

  if (error) return <Alert type="error" showIcon message={error} />;
  // No loading overlay on the list itself: its fade-out would still dim the entries just shown.
  if (!state) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (state.entries.length === 0) return <Empty description={t('resourceEngine.history.none')} />;
  return (
    <>
      <List<HistoryEntry>
        dataSource={state.entries}
        renderItem={(entry) => (
          <List.Item key={entry.id}>
            <div style={{ display: 'grid', gap: 4, width: '100%' }}>
              <div>
                <Tag>{t(`resourceEngine.history.actions.${entry.action}`)}</Tag>
                {t('resourceEngine.history.by', {
                  who: entry.actorName ?? t('resourceEngine.history.system'),
                  when: formatDateTime(entry.at),
                })}
              </div>
              {Object.entries(entry.changes ?? {}).map(([field, change]) => (
                <div key={field} style={{ overflowWrap: 'anywhere' }}>
                  <strong>{fieldLabel(t, resource, field)}</strong>: {show(field, change.from)} →{' '}
                  {show(field, change.to)}
                </div>
              ))}
            </div>
          </List.Item>
        )}
      />
      {(state.paging?.totalPages ?? 1) > 1 && (
        <Pagination
          size="small"
          current={page}
          pageSize={PER_PAGE}
          total={state.paging?.totalCount ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          style={{ marginTop: 12 }}
        />
      )}
    </>
  );
}

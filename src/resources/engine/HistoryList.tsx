import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useList } from '@refinedev/core';
import { Alert, Empty, List, Pagination, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { extraPaths } from '../../domain/resources/endpoints';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { useClock } from '../../ui/venue/use-clock';
import type { HistoryEntry } from './api';
import { errorText } from './errors';
import { renderFieldValue } from './FieldValue';
import { fieldLabel } from './labels';
import './engine.css';

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
  const clock = useClock();
  const [page, setPage] = useState(1);
  // Refine's useList over the resource's history path. The record's version is part of the
  // key, so a change to the record reads its history again; the entries shown stay meanwhile.
  const { result, query } = useList<HistoryEntry>({
    resource: `${resource.name}History`,
    meta: { path: extraPaths(resource).history, version },
    filters: [{ field: 'id', operator: 'eq', value: id }],
    pagination: { currentPage: page, pageSize: PER_PAGE, mode: 'server' },
    queryOptions: { placeholderData: keepPreviousData },
    // The error is shown in place, in its words.
    errorNotification: false,
  });
  const total = result.total ?? result.data.length;

  // A change's value as the list shows it (money, dates, enum labels); a reference by the name or
  // number the server gave for it (linked where the reader may go), an id only for a record gone.
  const show = (entry: HistoryEntry, field: string, value: unknown) => {
    const declaration = resource.fields[field];
    if (value === null || value === undefined || value === '') return <em>{t('resourceEngine.history.empty')}</em>;
    const label = (ref: unknown) => (typeof ref === 'string' ? (entry.labels[ref] ?? null) : null);
    const _labels = Array.isArray(value) ? { [field]: value.map(label) } : { [field]: label(value) };
    return renderFieldValue(t, clock, resource, field, declaration, { id, [field]: value, _labels }) || String(value);
  };

  if (query.error) return <Alert type="error" showIcon message={errorText(t, query.error)} />;
  // No loading overlay on the list itself: its fade-out would still dim the entries just shown.
  if (!query.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (result.data.length === 0) return <Empty description={t('resourceEngine.history.none')} />;
  return (
    <>
      <List<HistoryEntry>
        dataSource={result.data}
        renderItem={(entry) => (
          <List.Item key={entry.id}>
            <div className="engine-history-entry">
              <div>
                <Tag>{t(`resourceEngine.history.actions.${entry.action}`)}</Tag>
                {t('resourceEngine.history.by', {
                  who: entry.actorName ?? t('resourceEngine.history.system'),
                  when: clock.dateTime(entry.at),
                })}
              </div>
              {Object.entries(entry.changes ?? {}).map(([field, change]) => (
                <div key={field} className="engine-history-change">
                  <strong>{fieldLabel(t, resource, field)}</strong>: {show(entry, field, change.from)} →{' '}
                  {show(entry, field, change.to)}
                </div>
              ))}
            </div>
          </List.Item>
        )}
      />
      {total > PER_PAGE && (
        <Pagination
          size="small"
          current={page}
          pageSize={PER_PAGE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
          className="engine-history-pager"
        />
      )}
    </>
  );
}

import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useList } from '@refinedev/core';
import { Alert, Button, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sortableFields } from '../../domain/resources/list-query';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { routeTo } from '../route-rules';
import { exportCsv, saveBlob } from './api';
import { BulkBar } from './BulkBar';
import { ColumnPicker } from './ColumnPicker';
import { errorText, toastError } from './errors';
import { FilterBar } from './FilterBar';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { fieldLabel, resourceLabel } from './labels';
import { useCan } from './use-can';
import { useHiddenColumns } from './use-hidden-columns';
import { useListParams } from './use-list-params';

// The import dialog (upload, preview table) loads when it is first opened.
const ImportDialog = lazy(() => import('./ImportDialog'));

/**
 * The generated list of a declared resource: server-side paging, filters, search and sort kept
 * in the URL, columns the user may hide (remembered), row selection with bulk delete and bulk
 * actions, CSV export of the current filter and CSV import. `extra` (for `screens.list`
 * overrides) adds the resource's own buttons to the action row.
 */
export default function ResourceList({ resource, extra }: { resource: ResourceDeclaration; extra?: ReactNode }) {
  const { t } = useTranslation();
  const can = useCan(resource);
  const navigate = useNavigate();
  const title = resourceLabel(t, resource);
  useDocumentTitle(title);
  const list = useListParams(resource);
  const { hidden, toggle } = useHiddenColumns(resource);
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const { result, query } = useList<RecordRow>({
    resource: resource.name,
    pagination: { currentPage: list.page, pageSize: list.perPage, mode: 'server' },
    filters: list.filters,
    sorters: list.sorters,
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });

  const listColumns = useMemo(
    () => Object.entries(resource.fields).filter(([, field]) => field.list !== false && field.type !== 'password'),
    [resource],
  );
  const sortable = useMemo(() => sortableFields(resource), [resource]);

  const columns = useMemo<TableColumnsType<RecordRow>>(() => {
    const sortOrder = (key: string) =>
      list.sorters[0]?.field === key ? (list.sorters[0].order === 'desc' ? 'descend' : 'ascend') : null;
    return listColumns
      .filter(([key]) => !hidden.includes(key))
      .map(([key, field]) => ({
        key,
        dataIndex: key,
        title: fieldLabel(t, resource, key),
        sorter: sortable.includes(key),
        sortOrder: sortOrder(key),
        render: (_: unknown, row: RecordRow) => {
          const value = renderFieldValue(t, resource, key, field, row);
          // The title opens the record.
          return key === resource.titleField && resource.routes.show && can('show') ? (
            <Link to={routeTo(resource.routes.show, row.id)}>{value || row.id}</Link>
          ) : (
            value
          );
        },
      }));
  }, [listColumns, hidden, list.sorters, sortable, t, resource, can]);

  const onTableChange: TableProps<RecordRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      list.update({ sort: one?.order ? String(one.columnKey) : null, order: one?.order === 'descend' ? 'desc' : null });
    } else if (extra.action === 'paginate') {
      list.update({ page: pagination.current ?? 1, perPage: pagination.pageSize ?? list.perPage });
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await exportCsv(resource, list.apiQuery);
      saveBlob(blob, filename);
    } catch (error) {
      toastError(t, error);
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <Flex gap={8} wrap>
      {can('create') && resource.routes.create && (
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => navigate(routeTo(resource.routes.create!))}
        >
          {t('resourceEngine.create')}
        </Button>
      )}
      {resource.csvExport !== false && (
        <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={download}>
          {t('resourceEngine.export')}
        </Button>
      )}
      {/* Like the server: no import where a custom handler creates the records (e.g. users). */}
      {resource.csvImport !== false && can('create') && !resource.customHandlers?.includes('create') && (
        <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
          {t('resourceEngine.import.open')}
        </Button>
      )}
      <ColumnPicker resource={resource} columns={listColumns.map(([key]) => key)} hidden={hidden} onToggle={toggle} />
      {extra}
    </Flex>
  );

  return (
    <PagePanel title={title}>
      <Flex vertical gap={12}>
        {actions}
        <FilterBar
          resource={resource}
          search={list.search}
          values={list.values}
          update={list.update}
          clear={list.clearFilters}
        />
        <BulkBar
          resource={resource}
          selected={selected}
          onDone={() => {
            setSelected([]);
            void query.refetch();
          }}
        />
        {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} />}
        <Table<RecordRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={result.data}
          // A short delay keeps quick refetches from dimming the rows.
          loading={{ spinning: query.isFetching, delay: 300 }}
          onChange={onTableChange}
          scroll={{ x: 'max-content' }}
          rowSelection={
            can('delete') || (can('update') && resource.bulkActions?.length)
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  preserveSelectedRowKeys: false,
                }
              : undefined
          }
          pagination={{
            current: list.page,
            pageSize: list.perPage,
            total: result.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('resourceEngine.total', { count: total }),
          }}
        />
      </Flex>
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            resource={resource}
            onClose={(imported) => {
              setImporting(false);
              if (imported) void query.refetch();
            }}
          />
        </Suspense>
      )}
    </PagePanel>
  );
}

import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Flex } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sortableFields } from '../../domain/resources/list-params';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { useReaderLanguageMeta } from '../../providers/i18n/reader-language';
import { FormAlert } from '../../ui/forms/FormAlert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { routeTo } from '../route-rules';
import { exportCsv, saveBlob } from './api';
import { ColumnPicker } from './ColumnPicker';
import { toastError } from './errors';
import { FilterBar } from './FilterBar';
import { listRefusal } from './list-errors';
import { renderFieldValue, type RecordRow } from './FieldValue';
import { countSentence, fieldLabel, resourceLabel } from './labels';
import { recordTitle } from './seeded-text';
import { ListPager } from './ListPager';
import { ListTable, type ListColumn, type SortOrder } from './ListTable';
import { useCan } from './use-can';
import { useHiddenColumns } from './use-hidden-columns';
import { useListParams } from './use-list-params';
import { useClock } from '../../ui/venue/use-clock';

const PAGE_SIZES = [10, 20, 50, 100] as const;

// Parts only a secondary action shows load when first needed: the import dialog (upload,
// preview table) when opened, the bulk bar (its confirmations) on the first selection.
const ImportDialog = lazy(() => import('./ImportDialog'));
const BulkBar = lazy(() => import('./BulkBar').then((m) => ({ default: m.BulkBar })));

/**
 * The generated list of a declared resource: server-side paging, filters, search and sort kept
 * in the URL, columns the user may hide (remembered), row selection with bulk delete and bulk
 * actions, CSV export of the current filter and CSV import. `extra` (for `screens.list`
 * overrides) adds the resource's own buttons to the action row.
 */
export default function ResourceList({ resource, extra }: { resource: ResourceDeclaration; extra?: ReactNode }) {
  const { t } = useTranslation();
  const clock = useClock();
  const can = useCan(resource);
  const navigate = useNavigate();
  const title = resourceLabel(t, resource);
  useDocumentTitle(title);
  const list = useListParams(resource);
  const { hidden, toggle } = useHiddenColumns(resource);
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // A search is matched in the reader's words (seeded texts: server/resources/query.ts), so it is
  // read again in a new language; a list without one reads the same in every language.
  const languageMeta = useReaderLanguageMeta(list.search !== '');
  const { result, query } = useList<RecordRow>({
    resource: resource.name,
    meta: languageMeta,
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

  const columns = useMemo<ListColumn<RecordRow>[]>(() => {
    const shown = listColumns.filter(([key]) => !hidden.includes(key));
    // Below 960px the title and the first three other columns stay (on a phone, as the lines of
    // each row's card: ListTable), the rest are on the record's page; all of them from 960px.
    // An expiry date or a record's state comes first among them: its flag ("Expired") or where the
    // record stands ("In progress") is what a phone must show too.
    const first = (f: FieldDeclaration) => Number(!!f.expiry || !!f.transitions);
    const rest = shown.filter(([key]) => key !== resource.titleField).sort(([, a], [, b]) => first(b) - first(a));
    const showFrom = (key: string) => {
      const rank = key === resource.titleField ? -1 : rest.findIndex(([other]) => other === key);
      return rank < 3 ? undefined : ('md' as const);
    };
    return shown.map(([key, field]) => ({
      key,
      title: fieldLabel(t, resource, key),
      sortable: sortable.includes(key),
      showFrom: showFrom(key),
      lead: key === resource.titleField,
      render: (row: RecordRow) => {
        const value = renderFieldValue(t, clock, resource, key, field, row);
        // The title opens the record.
        return key === resource.titleField && resource.routes.show && can('show') ? (
          <Link to={routeTo(resource.routes.show, row.id)}>{value || row.id}</Link>
        ) : (
          value
        );
      },
    }));
  }, [listColumns, hidden, sortable, t, clock, resource, can]);

  // A refused query names the filters it refused (a URL typed by hand), and their boxes are marked.
  const refusal = query.error ? listRefusal(t, resource, query.error) : null;
  const rows = useMemo(() => result.data ?? [], [result.data]);
  // Selection belongs to the rows on screen: another page, filter or sort leaves none selected.
  const selectedHere = useMemo(() => selected.filter((id) => rows.some((row) => row.id === id)), [selected, rows]);
  const sorter = list.sorters[0];
  const onSort = (key: string, order: SortOrder | null) =>
    list.update({ sort: order ? key : null, order: order === 'desc' ? 'desc' : null });

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
          refused={refusal?.params}
        />
        {selectedHere.length > 0 && (
          <Suspense fallback={null}>
            <BulkBar
              resource={resource}
              selected={selectedHere}
              onDone={() => {
                setSelected([]);
                void query.refetch();
              }}
            />
          </Suspense>
        )}
        {/* The shared alert the forms use (antd's Alert would add ~3.5 KB gzip to every list's first load). */}
        {refusal && (
          <FormAlert
            type="error"
            message={
              refusal.lines.length === 1 ? refusal.lines[0] : refusal.lines.map((line) => <div key={line}>{line}</div>)
            }
          />
        )}
        <ListTable<RecordRow>
          label={title}
          columns={columns}
          rows={rows}
          sort={sorter ? { key: sorter.field, order: sorter.order } : null}
          onSort={onSort}
          loading={query.isFetching}
          emptyText={countSentence(t, resource, 'table.empty', 0)}
          onOpen={
            resource.routes.show && can('show') ? (row) => navigate(routeTo(resource.routes.show!, row.id)) : undefined
          }
          selection={
            can('delete') || (can('update') && resource.bulkActions?.length)
              ? {
                  selected: selectedHere,
                  onChange: setSelected,
                  rowName: (row) => recordTitle(t, resource, row) || row.id,
                }
              : undefined
          }
        />
        <ListPager
          page={list.page}
          perPage={list.perPage}
          total={result.total ?? 0}
          totalText={countSentence(t, resource, 'total', result.total ?? 0)}
          sizes={PAGE_SIZES}
          onChange={(page, perPage) => list.update({ page, perPage })}
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

/**
 * table_management: the club owner's floor-plan editor for the selected venue. The plan is read
 * with useCustom and saved with useCustomMutation over the version it was read at; a save
 * someone else beat is explained in words with a way to load their version. The canvas is
 * mirrored by a plain table of every table, bar and wall (what a screen reader uses).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useCustom, useCustomMutation, useSubscription, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, InputNumber, Input, Modal, Segmented, Space, Switch, theme, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESERVATION_API, RESERVATIONS_RESOURCE } from '../../domain/reservations/api';
import { SEATING_API, VENUE_LAYOUTS_RESOURCE } from '../../domain/seating/api';
import { formatMessage } from '../../domain/messages';
import { starterComposition } from '../../domain/seating/compositions';
import { layoutIssues, MAX_GRID, MAX_PLACES, type StoredLayout } from '../../domain/seating/layout';
import { venuePath } from '../../domain/venue/api';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import EditorCanvas, { type EditorCanvasHandle, type Tool } from './EditorCanvas';
import { editorReducer, initialEditor, type EditorAction } from './editor-reducer';
import { useElementWidth } from './FloorPlanView';
import { LayoutList } from './LayoutList';
import { PlaceControl } from './PlaceControl';
import { defaultLayout } from '../../domain/seating/layout';

const newId = () => crypto.randomUUID();

export default function TableManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.table_management'));
  const { venue, loading } = useSelectedVenue();

  if (!venue) {
    return (
      <PagePanel title={t('pages.table_management')}>
        {!loading && (
          <p>
            {t('seating.noVenue')} <Link to="/club_management/create">{t('seating.addVenue')}</Link>
          </p>
        )}
      </PagePanel>
    );
  }
  return <Editor key={venue.id} venueId={venue.id} venueName={venue.name} />;
}

function Editor({ venueId, venueName }: { venueId: string; venueName: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const url = venuePath(SEATING_API.layout, { venueId });
  const { query } = useCustom<BaseRecord>({ url, method: 'get', errorNotification: false });
  const stored = query.data?.data as unknown as StoredLayout | undefined;
  // Someone saving this venue's plan elsewhere: read it again (applied at once unless editing).
  useSubscription({
    channel: `resources/${VENUE_LAYOUTS_RESOURCE}`,
    types: ['*'],
    params: { ids: [venueId], subscriptionType: 'useOne', resource: VENUE_LAYOUTS_RESOURCE },
    onLiveEvent: () => void query.refetch(),
  });
  const upcoming = useCustom<BaseRecord>({
    url: venuePath(RESERVATION_API.upcomingByTable, { venueId }),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  // A booking made while the editor is open must still bring the warning: counts follow the bookings.
  useSubscription({
    channel: `resources/${RESERVATIONS_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: RESERVATIONS_RESOURCE },
    onLiveEvent: () => void upcoming.query.refetch(),
  });
  // The reservations area's counts; without them (not there, or refused) no warning is shown.
  const upcomingByTable = useMemo(() => {
    const rows = (upcoming.query.data?.data as unknown as { tableId: string; count: number }[] | undefined) ?? [];
    return new Map(Array.isArray(rows) ? rows.map((r) => [r.tableId, r.count]) : []);
  }, [upcoming.query.data]);

  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditor(defaultLayout()));
  const [tool, setTool] = useState<Tool>('select');
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canvas = useRef<EditorCanvasHandle>(null);
  const { ref: box, width } = useElementWidth<HTMLDivElement>();

  // A newer stored plan replaces the editor's only while nothing is being edited.
  const loadedVersion = useRef(-1);
  useEffect(() => {
    if (!stored || stored.version === loadedVersion.current || state.dirty) return;
    loadedVersion.current = stored.version;
    dispatch({ type: 'load', layout: stored.layout, version: stored.version });
  }, [stored, state.dirty]);

  const { mutateAsync, mutation } = useCustomMutation<StoredLayout, HttpError, unknown>();
  const issues = useMemo(() => layoutIssues(state.layout), [state.layout]);

  const save = async () => {
    setFailure(null);
    setConflict(null);
    try {
      const res = await mutateAsync({
        url,
        method: 'put',
        // The zoom the plan is looked at is saved with it (the brief's layout zoom); it is not an edit.
        values: {
          version: state.version,
          layout: { ...state.layout, zoom: canvas.current?.zoom() ?? state.layout.zoom },
        },
        successNotification: false,
        errorNotification: false,
      });
      const saved = res.data as unknown as StoredLayout;
      loadedVersion.current = saved.version;
      dispatch({ type: 'saved', version: saved.version });
      showToast({ kind: 'message', type: 'success', content: t('seating.saved') });
    } catch (error) {
      const status = (error as HttpError).statusCode;
      if (status === 409) setConflict(errorText(t, error));
      else setFailure(errorText(t, error));
    }
  };

  const loadTheirs = async () => {
    const fresh = await query.refetch();
    const theirs = fresh.data?.data as unknown as StoredLayout | undefined;
    if (!theirs) return;
    loadedVersion.current = theirs.version;
    dispatch({ type: 'load', layout: theirs.layout, version: theirs.version });
    setConflict(null);
  };

  /** Runs an edit, first asking when it touches tables that have future reservations. */
  /** Each of these tables that has future reservations, as a list item saying how many. */
  const reservedList = useCallback(
    (tableIds: string[]) => {
      const items = state.layout.seats
        .filter((s) => tableIds.includes(s.id) && (upcomingByTable.get(s.id) ?? 0) > 0)
        .map((s) => <li key={s.id}>{t('seating.upcomingOne', { name: s.name, count: upcomingByTable.get(s.id) })}</li>);
      return items.length ? <ul style={{ margin: 0, paddingInlineStart: 20 }}>{items}</ul> : null;
    },
    [state.layout.seats, upcomingByTable, t],
  );

  const guarded = useCallback(
    (action: EditorAction, tableIds: string[]) => {
      const list = reservedList(tableIds);
      if (!list) return dispatch(action);
      Modal.confirm({
        title: t(action.type === 'rename' ? 'seating.renameReserved' : 'seating.deleteReserved'),
        content: list,
        okText: t('seating.continue'),
        cancelText: t('seating.cancel'),
        onOk: () => dispatch(action),
      });
    },
    [reservedList, t],
  );

  // The starter floor replaces every table: say which of them guests have booked.
  const loadStarter = () => {
    const list = reservedList(state.layout.seats.map((s) => s.id));
    Modal.confirm({
      title: t(list ? 'seating.starterReserved' : 'seating.starterConfirm'),
      content: list,
      okText: t('seating.continue'),
      cancelText: t('seating.cancel'),
      onOk: () => dispatch({ type: 'loadComposition', layout: starterComposition(newId) }),
    });
  };

  const remove = useCallback(
    () => state.selection.length && guarded({ type: 'deleteComponents', ids: state.selection }, state.selection),
    [guarded, state.selection],
  );

  const onCell = useCallback(
    (row: number, col: number, continued?: boolean) => {
      const { layout: floor, selection } = state;
      if (tool === 'wall') dispatch({ type: 'addWall', id: newId(), row, col, stroke: continued });
      else if (tool === 'table')
        dispatch({ type: 'addTable', id: newId(), itemIds: [newId(), newId()], row, col, places: 4 });
      else if (tool === 'bar')
        dispatch({ type: 'addBar', id: newId(), itemIds: [newId(), newId(), newId()], row, col });
      else if (tool === 'cell') {
        const target =
          selection.length === 1 ? [...floor.seats, ...floor.bars].find((c) => c.id === selection[0]) : null;
        if (!target) setFailure(t('seating.cellNeedsOne'));
        else dispatch({ type: 'addCell', componentId: target.id, itemId: newId(), row, col });
      } else if (tool === 'erase') {
        const at = (i: { row: number; col: number }) => i.row === row && i.col === col;
        const wall = floor.walls.find(at);
        if (wall) return dispatch({ type: 'deleteItem', itemId: wall.id });
        const table = floor.seats.find((c) => c.items.some(at));
        const cell = (table ?? floor.bars.find((c) => c.items.some(at)))?.items.find(at);
        if (!cell) return;
        // Erasing a table's last cell removes the table: warned like any delete of a booked table.
        if (table && table.items.length === 1) guarded({ type: 'deleteItem', itemId: cell.id }, [table.id]);
        else dispatch({ type: 'deleteItem', itemId: cell.id });
      }
    },
    [tool, state, guarded, t],
  );
  const onSelect = useCallback((ids: string[], additive: boolean) => dispatch({ type: 'select', ids, additive }), []);
  const onMove = useCallback(
    (ids: string[], dRow: number, dCol: number) => dispatch({ type: 'move', ids, dRow, dCol }),
    [],
  );

  const onKeyDown = (e: React.KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input, textarea, [role="combobox"]')) return;
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const key = e.key;
    const mod = e.ctrlKey || e.metaKey;
    if (arrows[key] && state.selection.length) {
      const [dRow, dCol] = arrows[key];
      dispatch({ type: 'move', ids: state.selection, dRow, dCol });
    } else if ((key === 'r' || key === 'R') && !mod && state.selection.length) {
      dispatch({ type: 'rotate', ids: state.selection });
    } else if (key === 'Delete' || key === 'Backspace') {
      remove();
    } else if (mod && (key === 'z' || key === 'Z')) {
      dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
    } else if (mod && (key === 'y' || key === 'Y')) {
      dispatch({ type: 'redo' });
    } else if (key === 'Escape') {
      dispatch({ type: 'select', ids: [] });
    } else return;
    e.preventDefault();
  };

  const exportPng = () => {
    const data = canvas.current?.toPng();
    if (!data) return;
    const a = document.createElement('a');
    a.href = data;
    a.download = `${venueName.replace(/[^\w-]+/g, '-')}-floor-plan.png`;
    a.click();
  };

  const single = state.selection.length === 1 ? state.layout.seats.find((s) => s.id === state.selection[0]) : undefined;
  const { layout } = state;
  // The stage follows its box: as wide as the page gives it (a phone too), as high as the floor
  // needs at that width, within 200 to 560 pixels.
  const stageWidth = Math.max(0, width - 2);
  const stageHeight = Math.max(200, Math.min(560, Math.round((stageWidth * layout.height) / layout.width)));

  return (
    <PagePanel title={t('pages.table_management')} intro={t('seating.intro', { venue: venueName })}>
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} style={{ marginBottom: 12 }} />}
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={conflict}
          action={<Button onClick={loadTheirs}>{t('seating.loadTheirs')}</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      {!conflict && stored && state.dirty && stored.version > state.version && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={translateMessage(t, formatMessage('layoutStale', { version: stored.version }))}
          action={<Button onClick={loadTheirs}>{t('seating.loadTheirs')}</Button>}
          style={{ marginBottom: 12 }}
        />
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          message={failure}
          onClose={() => setFailure(null)}
          style={{ marginBottom: 12 }}
        />
      )}

      <div onKeyDown={onKeyDown} tabIndex={-1} style={{ outline: 'none' }}>
        {/* Six tools are wider than a phone: they scroll sideways in their own row, the page does not. */}
        <div style={{ overflowX: 'auto', marginBottom: 8 }}>
          <Segmented<Tool>
            aria-label={t('seating.tool')}
            value={tool}
            onChange={(next) => (setTool(next), setFailure(null))}
            options={(['select', 'wall', 'table', 'bar', 'cell', 'erase'] as const).map((v) => ({
              value: v,
              label: t(`seating.tools.${v}`),
            }))}
          />
        </div>
        <Space wrap style={{ marginBottom: 12 }}>
          <Button onClick={() => dispatch({ type: 'undo' })} disabled={!state.past.length}>
            {t('seating.undo')}
          </Button>
          <Button onClick={() => dispatch({ type: 'redo' })} disabled={!state.future.length}>
            {t('seating.redo')}
          </Button>
          <Button onClick={() => dispatch({ type: 'rotate', ids: state.selection })} disabled={!state.selection.length}>
            {t('seating.rotate')}
          </Button>
          <Button danger onClick={remove} disabled={!state.selection.length}>
            {t('seating.delete')}
          </Button>
          <Button onClick={() => canvas.current?.zoomBy(1.25)} aria-label={t('seating.zoomIn')}>
            +
          </Button>
          <Button onClick={() => canvas.current?.zoomBy(0.8)} aria-label={t('seating.zoomOut')}>
            −
          </Button>
          <Button onClick={() => canvas.current?.fit()}>{t('seating.fit')}</Button>
          <Button onClick={exportPng}>{t('seating.exportPng')}</Button>
          <Button onClick={loadStarter}>{t('seating.starter')}</Button>
        </Space>
        <Space wrap style={{ marginBottom: 12 }} align="center">
          <label>
            {t('seating.width')}{' '}
            <InputNumber
              min={1}
              max={MAX_GRID}
              value={layout.width}
              onChange={(v) => v && dispatch({ type: 'setSize', width: v, height: layout.height })}
            />
          </label>
          <label>
            {t('seating.height')}{' '}
            <InputNumber
              min={1}
              max={MAX_GRID}
              value={layout.height}
              onChange={(v) => v && dispatch({ type: 'setSize', width: layout.width, height: v })}
            />
          </label>
          <Tooltip title={issues.length ? t('seating.fixFirst') : undefined}>
            <Button
              type="primary"
              onClick={save}
              loading={mutation.isPending}
              disabled={!state.dirty || issues.length > 0}
            >
              {t('seating.save')}
            </Button>
          </Tooltip>
          <span aria-live="polite">
            {state.dirty ? t('seating.unsaved') : t('seating.version', { version: state.version })}
          </span>
        </Space>
        {issues.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('seating.issues')}
            description={
              <ul style={{ margin: 0 }}>
                {issues.slice(0, 5).map((i, n) => (
                  <li key={n}>{translateMessage(t, i.message)}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 12 }}
          />
        )}
        {/* The plan (or its list) and, beside it on a wide screen or under it on a phone, the
            panel for the selected item: always there, so picking an item never shifts the plan. */}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
          <div style={{ flex: '1 1 480px', minWidth: 0 }}>
            <div style={{ marginBottom: 12 }}>
              <Segmented<'plan' | 'list'>
                value={view}
                onChange={setView}
                options={[
                  { value: 'plan', label: t('seating.planView') },
                  { value: 'list', label: t('seating.listView') },
                ]}
              />
            </div>
            <div
              ref={box}
              data-testid="floor-editor"
              tabIndex={0}
              aria-label={t('seating.canvasLabel')}
              // Konva keeps the pointer's default action, so focus the plan here: the keys then act on
              // what was just picked, even when a field had the focus before.
              onPointerDown={(e) => e.currentTarget.focus({ preventScroll: true })}
              style={{
                display: view === 'plan' ? 'block' : 'none',
                border: `1px solid ${token.colorBorder}`,
                touchAction: 'none',
              }}
            >
              {width > 0 && stored && (
                <EditorCanvas
                  ref={canvas}
                  layout={layout}
                  selection={state.selection}
                  tool={tool}
                  width={stageWidth}
                  height={stageHeight}
                  onSelect={onSelect}
                  onMove={onMove}
                  onCell={onCell}
                />
              )}
            </div>
            <p style={{ fontSize: 12, opacity: 0.75 }}>{t('seating.keys')}</p>
            <div style={{ display: view === 'list' ? 'block' : 'none' }}>
              <LayoutList layout={layout} selection={state.selection} onSelect={onSelect} upcoming={upcomingByTable} />
            </div>
          </div>
          <aside
            aria-label={t('seating.selectionPanel')}
            style={{
              flex: '1 1 240px',
              maxWidth: 360,
              padding: '8px 12px',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: 8,
            }}
          >
            <h2 style={{ fontSize: 14, margin: '0 0 8px' }}>{t('seating.selectionPanel')}</h2>
            {state.selection.length === 1 ? (
              <Space direction="vertical" size={12} style={{ width: '100%' }}>
                {single && (
                  <TableProperties
                    key={single.id + single.name}
                    name={single.name}
                    places={single.places}
                    isAvailable={single.isAvailable}
                    onRename={(name) => guarded({ type: 'rename', id: single.id, name }, [single.id])}
                    onPlaces={(places) => dispatch({ type: 'setPlaces', id: single.id, places })}
                    onAvailable={(isAvailable) => dispatch({ type: 'setAvailable', id: single.id, isAvailable })}
                  />
                )}
                <PlaceControl
                  key={state.selection[0]}
                  layout={layout}
                  id={state.selection[0]!}
                  onPlace={(row, col) => dispatch({ type: 'place', id: state.selection[0]!, row, col })}
                />
              </Space>
            ) : (
              <p style={{ margin: 0, opacity: 0.75 }}>
                {state.selection.length
                  ? t('seating.selectedMany', { count: state.selection.length })
                  : t('seating.selectHint')}
              </p>
            )}
          </aside>
        </div>
      </div>
    </PagePanel>
  );
}

function TableProperties(props: {
  name: string;
  places: number;
  isAvailable: boolean;
  onRename: (name: string) => void;
  onPlaces: (places: number) => void;
  onAvailable: (available: boolean) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.name);
  return (
    <Space wrap>
      <Space.Compact>
        <Input
          aria-label={t('seating.tableName')}
          value={name}
          maxLength={40}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => props.onRename(name)}
          style={{ width: 140 }}
        />
        <Button onClick={() => props.onRename(name)} disabled={!name.trim() || name === props.name}>
          {t('seating.rename')}
        </Button>
      </Space.Compact>
      <label>
        {t('seating.places')}{' '}
        <InputNumber min={1} max={MAX_PLACES} value={props.places} onChange={(v) => v && props.onPlaces(v)} />
      </label>
      <label>
        <Switch checked={props.isAvailable} onChange={props.onAvailable} size="small" /> {t('seating.bookable')}
      </label>
    </Space>
  );
}

/**
 * table_management: the club owner's floor-plan editor for the selected venue. The plan is read
 * and saved over the version it was read at (use-floor-plan.ts); a save someone else beat is
 * explained in words with a way to load their version. The canvas is mirrored by a plain table
 * of every table, bar and wall (what a screen reader uses). The parts: EditorToolbar above,
 * EditorCanvas or LayoutList, SelectionPanel beside; edits go through editor-reducer.ts.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { HttpError } from '@refinedev/core';
import { Alert, Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMessage } from '../../domain/messages';
import { starterComposition } from '../../domain/seating/compositions';
import { defaultLayout, layoutIssues } from '../../domain/seating/layout';
import type { StoredLayout } from '../../domain/seating/wire';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { PagePanel } from '../../ui/PagePanel';
import { useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import EditorCanvas, { type EditorCanvasHandle } from './EditorCanvas';
import type { Tool } from './editor-state';
import { EditorToolbar } from './EditorToolbar';
import { editorReducer, initialEditor } from './editor-reducer';
import { useElementWidth } from '../../ui/use-element-width';
import { LayoutList } from './LayoutList';
import { SelectionPanel } from './SelectionPanel';
import { editorKeys } from './editor-keys';
import { useFloorPlan } from './use-floor-plan';
import { useReservationGuard } from './use-reservation-guard';
import { useTouchEditor } from './editor-media';
import { useUpcomingByTable } from './use-upcoming-by-table';
import './seating.css';

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
  const plan = useFloorPlan(venueId);
  const { stored } = plan;
  const upcomingByTable = useUpcomingByTable(venueId);

  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditor(defaultLayout()));
  const [tool, setTool] = useState<Tool>('select');
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canvas = useRef<EditorCanvasHandle>(null);
  const { ref: box, width } = useElementWidth<HTMLDivElement>();
  const { guarded, confirmReplaceAll, holder } = useReservationGuard(state.layout.seats, upcomingByTable, dispatch);
  // Edits not saved yet: leaving the page asks first (src/ui/shell/UnsavedChangesGuard.tsx).
  useUnsavedChanges(state.dirty);

  // A newer stored plan replaces the editor's only while nothing is being edited.
  const loadedVersion = useRef(-1);
  const load = useCallback((from: StoredLayout) => {
    loadedVersion.current = from.version;
    dispatch({ type: 'load', layout: from.layout, version: from.version });
  }, []);
  useEffect(() => {
    if (stored && stored.version !== loadedVersion.current && !state.dirty) load(stored);
  }, [stored, state.dirty, load]);

  const issues = useMemo(() => layoutIssues(state.layout), [state.layout]);

  const save = async () => {
    setFailure(null);
    setConflict(null);
    // What is sent: an edit made while the save is on its way is not in it, and stays unsaved.
    const sent = state.layout;
    try {
      // The zoom the plan is looked at is saved with it (the brief's layout zoom); it is not an edit.
      const saved = await plan.save(state.version, { ...sent, zoom: canvas.current?.zoom() ?? sent.zoom });
      loadedVersion.current = saved.version;
      dispatch({ type: 'saved', version: saved.version, layout: sent });
      showToast({ kind: 'message', type: 'success', content: t('seating.saved') });
    } catch (error) {
      if ((error as HttpError).statusCode === 409) setConflict(errorText(t, error));
      else setFailure(errorText(t, error));
    }
  };

  const loadTheirs = async () => {
    const theirs = await plan.reread();
    if (!theirs) return;
    load(theirs);
    setConflict(null);
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

  const exportPng = () => {
    const data = canvas.current?.toPng();
    if (!data) return;
    const a = document.createElement('a');
    a.href = data;
    a.download = `${venueName.replace(/[^\w-]+/g, '-')}-floor-plan.png`;
    a.click();
  };

  const { layout } = state;
  // The stage follows its box: as wide as the page gives it (a phone too), as high as the floor
  // needs at that width, within 200 to 560 pixels.
  const stageWidth = Math.max(0, width - 2);
  const stageHeight = Math.max(200, Math.min(560, Math.round((stageWidth * layout.height) / layout.width)));
  const loadTheirsButton = <Button onClick={loadTheirs}>{t('seating.loadTheirs')}</Button>;
  // Shift-click is no way to pick several on a touch screen: only the box is offered there.
  const touch = useTouchEditor();

  return (
    <PagePanel
      title={t('pages.table_management')}
      intro={t(touch ? 'seating.introTouch' : 'seating.intro', { venue: venueName })}
    >
      {holder}
      {plan.error && <Alert type="error" showIcon message={errorText(t, plan.error)} className="seating-alert" />}
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={conflict}
          action={loadTheirsButton}
          className="seating-alert"
        />
      )}
      {!conflict && stored && state.dirty && stored.version > state.version && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={translateMessage(t, formatMessage('layoutStale', { version: stored.version }))}
          action={loadTheirsButton}
          className="seating-alert"
        />
      )}
      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          message={failure}
          onClose={() => setFailure(null)}
          className="seating-alert"
        />
      )}

      <div onKeyDown={editorKeys(state.selection, dispatch, remove)} tabIndex={-1} className="seating-keys-box">
        <EditorToolbar
          state={state}
          dispatch={dispatch}
          tool={tool}
          onTool={(next) => (setTool(next), setFailure(null))}
          canvas={canvas}
          onDelete={remove}
          onExport={exportPng}
          onStarter={() => confirmReplaceAll({ type: 'loadComposition', layout: starterComposition(newId) })}
          hasIssues={issues.length > 0}
          saving={plan.saving}
          onSave={save}
        />
        {issues.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={t('seating.issues')}
            description={
              <ul className="seating-issues">
                {issues.slice(0, 5).map((i, n) => (
                  <li key={n}>{translateMessage(t, i.message)}</li>
                ))}
              </ul>
            }
            className="seating-alert"
          />
        )}
        <div className="seating-body">
          <div className="seating-main">
            <div className="seating-view-switch">
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
              // Its keys are its own (arrows move the selection, R rotates…): an application to a
              // screen reader, which then passes them on; a plain div may carry no aria-label.
              role="application"
              aria-label={t('seating.canvasLabel')}
              hidden={view !== 'plan'}
              className="seating-floor"
              // Konva keeps the pointer's default action, so focus the plan here: the keys then act on
              // what was just picked, even when a field had the focus before.
              onPointerDown={(e) => e.currentTarget.focus({ preventScroll: true })}
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
            <p className="seating-keys-help">{t('seating.keys')}</p>
            <div hidden={view !== 'list'}>
              <LayoutList layout={layout} selection={state.selection} onSelect={onSelect} upcoming={upcomingByTable} />
            </div>
          </div>
          <SelectionPanel layout={layout} selection={state.selection} dispatch={dispatch} guarded={guarded} />
        </div>
      </div>
    </PagePanel>
  );
}

/**
 * The editor's controls above the plan: the drawing tool, undo and redo, rotate and delete for
 * the selection, zoom, the PNG export and the starter floor; then the floor's size, Save (held
 * back while the plan has issues) and whether there are unsaved edits.
 */
import type { Dispatch, RefObject } from 'react';
import { Button, Segmented, Space, Tooltip } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { floorSide } from '../../domain/seating/layout';
import type { EditorAction, EditorState } from './editor-reducer';
import type { EditorCanvasHandle } from './EditorCanvas';
import type { Tool } from './editor-state';
import { EditorNumber } from './EditorNumber';
import { useNarrowEditor } from './editor-media';

const TOOLS = ['select', 'wall', 'table', 'bar', 'cell', 'erase'] as const;

/** The floor's side rule, the one the server runs on a saved layout: its message, or null. */
const sideRefusal = (value: number | null) => {
  const checked = floorSide.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
};

export function EditorToolbar(props: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  tool: Tool;
  onTool: (tool: Tool) => void;
  canvas: RefObject<EditorCanvasHandle | null>;
  onDelete: () => void;
  onExport: () => void;
  onStarter: () => void;
  hasIssues: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const { state, dispatch, canvas } = props;
  const { layout, selection } = state;
  const tools = TOOLS.map((v) => ({ value: v, label: t(`seating.tools.${v}`) }));
  // Six tools are wider than a phone: there they collapse into a menu, so none is cut off.
  const narrow = useNarrowEditor();
  return (
    <>
      <div className="seating-tools">
        {narrow ? (
          <label className="seating-tool-menu">
            <span>{t('seating.tool')}</span>
            <Select<Tool>
              aria-label={t('seating.tool')}
              value={props.tool}
              onChange={props.onTool}
              options={tools}
              className="seating-tool-select"
            />
          </label>
        ) : (
          <Segmented<Tool> aria-label={t('seating.tool')} value={props.tool} onChange={props.onTool} options={tools} />
        )}
      </div>
      <Space wrap className="seating-row">
        <Button onClick={() => dispatch({ type: 'undo' })} disabled={!state.past.length}>
          {t('seating.undo')}
        </Button>
        <Button onClick={() => dispatch({ type: 'redo' })} disabled={!state.future.length}>
          {t('seating.redo')}
        </Button>
        <Button onClick={() => dispatch({ type: 'rotate', ids: selection })} disabled={!selection.length}>
          {t('seating.rotate')}
        </Button>
        <Button danger onClick={props.onDelete} disabled={!selection.length}>
          {t('seating.delete')}
        </Button>
        <Button onClick={() => canvas.current?.zoomBy(1.25)} aria-label={t('seating.zoomIn')}>
          +
        </Button>
        <Button onClick={() => canvas.current?.zoomBy(0.8)} aria-label={t('seating.zoomOut')}>
          −
        </Button>
        <Button onClick={() => canvas.current?.fit()}>{t('seating.fit')}</Button>
        <Button onClick={props.onExport}>{t('seating.exportPng')}</Button>
        <Button onClick={props.onStarter}>{t('seating.starter')}</Button>
      </Space>
      <Space wrap className="seating-row" align="center">
        <EditorNumber
          label={t('seating.width')}
          value={layout.width}
          refusal={sideRefusal}
          onValue={(width) => dispatch({ type: 'setSize', width, height: layout.height })}
        />
        <EditorNumber
          label={t('seating.height')}
          value={layout.height}
          refusal={sideRefusal}
          onValue={(height) => dispatch({ type: 'setSize', width: layout.width, height })}
        />
        <Tooltip title={props.hasIssues ? t('seating.fixFirst') : undefined}>
          <Button
            type="primary"
            onClick={props.onSave}
            loading={props.saving}
            disabled={!state.dirty || props.hasIssues}
          >
            {t('seating.save')}
          </Button>
        </Tooltip>
        <span aria-live="polite">
          {state.dirty ? t('seating.unsaved') : t('seating.version', { version: state.version })}
        </span>
      </Space>
    </>
  );
}

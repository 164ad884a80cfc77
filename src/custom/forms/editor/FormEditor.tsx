import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Button, Flex, Space, Tooltip } from 'antd';
import { RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContactMapping, ContactTarget } from '../../../domain/forms/contact-mapping';
import { formDefinition, type FieldType, type FormField } from '../../../domain/forms/definition';
import { isApiError } from '../../../providers/http';
import { toastError, toastSuccess } from '../../../resources/engine/errors';
import { useUnsavedChanges } from '../../../ui/forms/unsaved-changes';
import type { FormDetail } from '../../../domain/forms/wire';
import { useFormWrites } from '../forms-api';
import type { FormVersion } from '../use-form-version';
import { carriedWork, forgetWork, leaveWork } from './carried-work';
import { ContactMappingPanel } from './ContactMappingPanel';
import { editorReducer, freshKey, initialEditor } from './editor-state';
import { FieldList } from './FieldList';
import { FieldPalette } from './FieldPalette';
import { FieldPanel } from './FieldPanel';
import { PreviewPane } from './PreviewPane';
import { usePublish } from './use-publish';

/** The definition's messages by field key and property ('fields.2.label' → { key: { label } }). */
function problemsOf(fields: FormField[]): Record<string, Record<string, string>> {
  const checked = formDefinition.safeParse({ fields });
  const out: Record<string, Record<string, string>> = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const [, index, prop] = issue.path;
    const key = typeof index === 'number' ? fields[index]?.key : undefined;
    if (key !== undefined) (out[key] ??= {})[String(prop ?? 'label')] ??= issue.message;
  }
  return out;
}

/** The definition's messages for the contact mapping, by contact field. */
function mappingProblemsOf(fields: FormField[], contactMapping: ContactMapping | null) {
  const checked = formDefinition.safeParse({ fields, contactMapping });
  const out: Partial<Record<ContactTarget, string>> = {};
  for (const issue of checked.success ? [] : checked.error.issues)
    if (issue.path[0] === 'contactMapping') out[(issue.path[1] ?? 'email') as ContactTarget] ??= issue.message;
  return out;
}

/**
 * The builder: a palette adds fields, the list orders them (drag, or Move up / Move down), the
 * side panel edits the selected one, the preview shows the result at phone or desktop width;
 * Undo / Redo (also Ctrl/⌘+Z, Ctrl/⌘+Shift+Z outside text boxes) take back recent edits. Save
 * keeps the draft; Publish saves it and makes the next version, asking first about a breaking one.
 */
export function FormEditor({ form, version }: { form: FormDetail; version: FormVersion }) {
  const { t } = useTranslation();
  // Unsaved work the builder had on the form's old address (a rename moved the page).
  const [carried] = useState(() => carriedWork(form.id));
  const [state, dispatch] = useReducer(editorReducer, form.draft, (draft) => carried?.state ?? initialEditor(draft));
  const { saveDraft, publish, busy } = useFormWrites();
  const { ask, holder: publishQuestion } = usePublish(async (confirm) =>
    version.moved(await publish(form.slug, confirm)),
  );
  // The mapping is one setting beside the fields, outside their undo history.
  const [mapping, setMapping] = useState<ContactMapping | null>(carried ? carried.mapping : form.contactMapping);
  // The mapping as last saved: one changed while a save is on its way stays unsaved.
  const [savedMapping, setSavedMapping] = useState<ContactMapping | null>(
    carried ? carried.savedMapping : form.contactMapping,
  );
  const work = useRef({ state, mapping, savedMapping });
  work.current = { state, mapping, savedMapping };
  useEffect(() => {
    forgetWork(form.id);
    return () => leaveWork(form.id, work.current);
  }, [form.id]);
  const dirty = state.dirty || mapping !== savedMapping;
  useUnsavedChanges(dirty);
  const problems = useMemo(() => problemsOf(state.fields), [state.fields]);
  const mappingProblems = useMemo(() => mappingProblemsOf(state.fields, mapping), [state.fields, mapping]);
  // A bound still typed as text (FieldPanel keeps it until it is a number) is no bound in the preview.
  const previewFields = useMemo(
    () =>
      state.fields.map((f) =>
        typeof f.min === 'string' || typeof f.max === 'string'
          ? { ...f, min: typeof f.min === 'number' ? f.min : null, max: typeof f.max === 'number' ? f.max : null }
          : f,
      ),
    [state.fields],
  );
  const selectedIndex = state.fields.findIndex((f) => f.key === state.selected);
  const selected = state.fields[selectedIndex];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inText = e.target instanceof HTMLElement && e.target.closest('input, textarea, [contenteditable]');
      if (inText || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      e.preventDefault();
      dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const add = (type: FieldType) => {
    const key = freshKey(
      state.fields,
      type.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
    );
    dispatch({ type: 'add', fieldType: type, key, label: t(`forms.types.${type}`) });
  };

  // One write at a time: a hurried double click on Save draft or Publish ran a second draft save
  // beside the first, with the version the first was about to replace, and the server refused it
  // as another tab's edit (409, 'Someone else changed this record…') while the first went through.
  // `busy` disables nothing until the first request is under way; this holds from the click.
  const writing = useRef(false);
  const once = (write: () => Promise<unknown>) => async () => {
    if (writing.current) return;
    writing.current = true;
    try {
      await write();
    } finally {
      writing.current = false;
    }
  };

  const save = async () => {
    if (Object.keys(problems).length || Object.keys(mappingProblems).length) {
      toastError(t, new Error(t('forms.editor.fixFirst')));
      return false;
    }
    const [fields, sentMapping] = [state.fields, mapping];
    const parsed = formDefinition.parse({ fields, contactMapping: sentMapping });
    try {
      version.moved(await saveDraft(form.slug, parsed, version.seen));
      dispatch({ type: 'saved', fields });
      setSavedMapping(sentMapping);
      return true;
    } catch (error) {
      toastError(t, error);
      return false;
    }
  };

  const saveAndPublish = async () => {
    if (!(await save())) return;
    try {
      const fields = formDefinition.parse({ fields: state.fields }).fields;
      if (await ask(form.versions[0]?.fields ?? [], fields))
        toastSuccess(t('forms.editor.published', { version: (form.versions[0]?.version ?? 0) + 1 }));
    } catch (error) {
      toastError(t, isApiError(error) && error.status === 409 ? new Error(error.message) : error);
    }
  };

  return (
    <Flex vertical gap="middle">
      {publishQuestion}
      <Flex gap="small" wrap justify="space-between" align="center">
        <Space>
          <Tooltip title={t('forms.editor.undo')}>
            <Button
              icon={<UndoOutlined />}
              aria-label={t('forms.editor.undo')}
              disabled={!state.past.length}
              onClick={() => dispatch({ type: 'undo' })}
            />
          </Tooltip>
          <Tooltip title={t('forms.editor.redo')}>
            <Button
              icon={<RedoOutlined />}
              aria-label={t('forms.editor.redo')}
              disabled={!state.future.length}
              onClick={() => dispatch({ type: 'redo' })}
            />
          </Tooltip>
          <span className="forms-status" role="status">
            {dirty ? t('forms.editor.unsaved') : t('forms.editor.saved')}
          </span>
        </Space>
        <Space>
          <Button onClick={() => void once(save)()} loading={busy} disabled={!dirty}>
            {t('forms.editor.save')}
          </Button>
          <Button type="primary" onClick={() => void once(saveAndPublish)()} loading={busy}>
            {t('forms.editor.publish')}
          </Button>
        </Space>
      </Flex>
      <div className="forms-editor-grid">
        <div className="forms-editor-main">
          <FieldPalette onAdd={add} />
          <FieldList
            fields={state.fields}
            selected={state.selected}
            errors={new Set(Object.keys(problems))}
            onSelect={(key) => dispatch({ type: 'select', key })}
            onMove={(key, to) => dispatch({ type: 'move', key, to })}
            onRemove={(key) => dispatch({ type: 'remove', key })}
          />
        </div>
        <aside className="forms-editor-side" aria-label={t('forms.editor.properties')}>
          {selected ? (
            <FieldPanel
              key={selectedIndex}
              field={selected}
              above={state.fields.slice(0, selectedIndex)}
              errors={problems[selected.key] ?? {}}
              onChange={(patch) => dispatch({ type: 'update', key: selected.key, patch })}
            />
          ) : (
            <p className="forms-muted">{t('forms.editor.pickField')}</p>
          )}
        </aside>
      </div>
      <ContactMappingPanel fields={state.fields} mapping={mapping} errors={mappingProblems} onChange={setMapping} />
      <PreviewPane fields={previewFields} />
    </Flex>
  );
}

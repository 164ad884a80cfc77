import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, type FormInstance, type FormProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { isApiError } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import {
  checkValues,
  groupByField,
  pathToName,
  sameField,
  schemaRule,
  type FieldPath,
  type SchemaSource,
} from './schema-rules';
import { closeAsking, useUnsavedFlag } from './unsaved-changes';

/** A form's rules getter: the antd rules the shared schema gives the field at `name` (useSaveForm's `rules`). */
export type FieldRules = (name: string | FieldPath) => Rule[];

export interface SaveFormOptions<S extends z.ZodMiniType, V, R = unknown> extends SchemaSource<S, V> {
  /** Sends the checked data; a rejection with field errors lands on those fields. */
  save: (data: z.output<S>) => Promise<R>;
  /** The form's starting values (also what `reset` goes back to). */
  initialValues?: Partial<V>;
  /** A schema or server path as the form's field name ('priceCents' → ['price']); null: above the form. */
  nameOf?: (path: string) => FieldPath | null;
  /** A toast after a save, e.g. t('team.invited', …), from what was sent and what came back. */
  success?: string | ((data: z.output<S>, result: R) => string);
  /** The toast's key, so a second save replaces the first toast instead of stacking. */
  toastKey?: string;
  /** Back to the starting values after a save (a form that stays on screen for the next one). */
  resetAfterSave?: boolean;
  /** After a save and its toast: close the dialog, show the new record… */
  onSaved?: (result: R) => void;
  /**
   * A dialog's form: whether the dialog is open. Nothing is sent while it is not: a save that
   * closes it leaves its fields on screen for the closing animation, where a second Enter (or a
   * click on its button) would send again.
   */
  open?: boolean;
}

/** The leaf field paths an antd `onValuesChange` delta touched ('name', ['ticketTypes', 0, 'price']). */
export function changedFields(changed: unknown, prefix: FieldPath = []): FieldPath[] {
  const plain = (value: unknown) => value !== null && typeof value === 'object' && value.constructor === Object;
  if (prefix.length && !plain(changed) && !(Array.isArray(changed) && changed.some(plain))) return [prefix];
  const paths: FieldPath[] = [];
  if (Array.isArray(changed)) changed.forEach((item, index) => paths.push(...changedFields(item, [...prefix, index])));
  else if (plain(changed))
    for (const [key, value] of Object.entries(changed as object)) paths.push(...changedFields(value, [...prefix, key]));
  return paths;
}

/**
 * The one way a signed-in form or dialog saves (docs/architecture.md, "Forms"): antd's Form,
 * checked by a shared zod schema with its messages translated — each field when it is left, all
 * of them on save, and as it changes once a save was tried or while it shows an error. It owns
 * the saving state; a server refusal lands on its fields (translated), anything else in
 * `formError` for FormError to show; an optional success toast; `reset` for closing. Typed work
 * is unsaved until it is saved, reset or its form goes away (a dialog closed): leaving the page
 * before asks first (src/ui/shell/UnsavedChangesGuard.tsx).
 */
export function useSaveForm<S extends z.ZodMiniType, V extends object = Record<string, unknown>, R = unknown>(
  options: SaveFormOptions<S, V, R>,
) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  // Names are checked at run time (paths from the schema and the server), so the untyped instance.
  const any: FormInstance = form;
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  // A save is over once what it set off is on screen, not when its promise settles: the render
  // that follows carries the dialog's `open` as its onSaved left it (false when it closed it), so
  // an Enter that comes between the two finds the form still busy rather than still open.
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    busy.current = false;
  }, [settled]);
  /** A save was tried: from then on every field is checked as it changes. */
  const tried = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Record<string, string> | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const nameOf = (path: string) => (latest.current.nameOf ?? pathToName)(path);
  const registered = (): FieldPath[] => any.getFieldsError().map((field) => field.name);
  const { dirty, markDirty, markSaved } = useUnsavedFlag();
  // The <Form> itself: gone (a dialog closed and destroyed its fields), its typed work is too.
  // antd hands its ref over again on every render of the form (useImperativeHandle without deps:
  // null, then the instance, in one commit), so only a null that no instance follows is the form
  // going away; taking every null for it forgot the typing at its first re-render.
  const attached = useRef(false);
  const formRef = useCallback(
    (instance: FormInstance | null) => {
      attached.current = instance !== null;
      if (instance === null) queueMicrotask(() => void (attached.current || markSaved()));
    },
    [markSaved],
  );

  /** Puts messages (schema paths → untranslated text) on their fields; the rest go above the form. */
  const place = (errors: Record<string, string>) => {
    const translate = (text: string) => translateMessage(t, text);
    const fields = registered();
    const grouped = groupByField(errors, fields, nameOf);
    any.setFields(
      fields.map((name) => ({
        name,
        errors: grouped.filter((e) => e.field && sameField(e.field, name)).map((e) => translate(e.message)),
      })),
    );
    const rest = grouped.filter((entry) => !entry.field).map((entry) => translate(entry.message));
    setFormError(rest.length ? rest.join(' ') : null);
    // A refused save shows where: a Save above a long form (a WhatsApp template's) left the message
    // under a variable's example below the fold, and pressing it seemed to do nothing. Only when
    // the field is out of sight (antd scrolls 'if-needed').
    const first = fields.find((name) => grouped.some((e) => e.field && sameField(e.field, name)));
    if (first) any.scrollToField(first, { block: 'center' });
  };

  /** A failed save: its field errors on their fields, or its message above the form. */
  const showError = (error: unknown) => {
    const fieldErrors = isApiError(error) ? Object.entries(error.errors) : [];
    if (!fieldErrors.length) {
      setRefusal(null);
      return setFormError(errorText(t, error));
    }
    const byPath = Object.fromEntries(
      fieldErrors.map(([path, text]) => [path, Array.isArray(text) ? text.join(', ') : text]),
    );
    setRefusal(byPath);
    place(byPath);
  };

  const verdict = (name: FieldPath) => {
    const checked = checkValues(latest.current, any.getFieldsValue(true) as V);
    if (checked.ok) return undefined;
    const own = groupByField(checked.errors, registered(), nameOf).find((e) => e.field && sameField(e.field, name));
    return own && translateMessage(t, own.message);
  };

  const reset = useCallback(() => {
    form.resetFields();
    tried.current = false;
    setFormError(null);
    markSaved();
  }, [form, markSaved]);

  const submit = async () => {
    if (busy.current || latest.current.open === false) return;
    tried.current = true;
    const checked = checkValues(latest.current, any.getFieldsValue(true) as V);
    if (!checked.ok) return place(checked.errors);
    place({});
    setRefusal(null);
    busy.current = true;
    setSaving(true);
    // Not unsaved while it is being saved: a save that moves on to what it made (a new ticket's
    // page) is not asked about; a failed one is unsaved again.
    const wasDirty = dirty;
    markSaved();
    try {
      const result = await latest.current.save(checked.data);
      const { success, toastKey, resetAfterSave, onSaved } = latest.current;
      const content = typeof success === 'function' ? success(checked.data, result) : success;
      if (content) showToast({ kind: 'message', type: 'success', content, ...(toastKey && { key: toastKey }) });
      if (resetAfterSave) reset();
      onSaved?.(result);
    } catch (error) {
      if (wasDirty) markDirty();
      showError(error);
    } finally {
      setSaving(false);
      setSettled((n) => n + 1);
    }
  };

  const formProps: FormProps<V> & { ref: typeof formRef } = {
    form,
    ref: formRef,
    layout: 'vertical',
    initialValues: options.initialValues,
    validateTrigger: 'onBlur',
    // Our rules (the shared schema) judge every field: the browser's own check of an email or URL
    // field would stop Enter before them and speak in its own words and language.
    noValidate: true,
    // After a save was tried, and for a field showing an error, a change is checked at once: a
    // fixed value clears its message, and a server's verdict about the old value goes.
    onValuesChange: (changed) => {
      markDirty();
      for (const name of changedFields(changed)) {
        if (tried.current || any.getFieldError(name).length) any.validateFields([name]).catch(() => undefined);
      }
    },
    onFinish: () => void submit(),
    onFinishFailed: () => void submit(),
  };
  const rules: FieldRules = (name) => [schemaRule(Array.isArray(name) ? name : [name], verdict)];

  return {
    form,
    formProps,
    saving,
    formError,
    setFormError,
    /**
     * The server's field messages of the last refused save, by the paths it named ('blocks.blocks.3.text'),
     * untranslated; null after any other outcome. For a field that is a whole editor (an email's
     * blocks): its item shows one field's messages, the editor shows each at its part.
     */
    refusal,
    submit,
    reset,
    showError,
    /** Whether the form holds typed work not saved yet. */
    dirty,
    /** A change made through the form's instance (setFieldsValue does not report it) is unsaved work. */
    markDirty,
    /** For a dialog's onCancel (Cancel, Esc, ✕, the mask): asks before typed work is thrown away. */
    closeAsking: (close: () => void) => closeAsking(dirty, close),
    /** The schema as this field's antd rules (checked when the field is left). */
    rules,
  };
}

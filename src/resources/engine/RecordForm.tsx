/**
 * The generated create / edit form itself (RecordForm), which the screens of ResourceForm.tsx
 * place on a page: its fields, their rules, saving and the changed-meanwhile banner.
 */
import dayjs from 'dayjs';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useCreate, useUpdate, type BaseRecord } from '@refinedev/core';
import { Alert, Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { formFields, validateRecord, type FormMode } from '../../domain/resources/field-rules';
import {
  allowedStates,
  closedForGood,
  isLocked,
  lockedMessage,
  stateFieldKeys,
} from '../../domain/resources/record-rules';
import { MESSAGES } from '../../domain/messages';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { withVersion } from '../../domain/resources/version';
import { useUnsavedFlag } from '../../ui/forms/unsaved-changes';
import { translateMessage } from '../../providers/i18n/translate-message';
import { isApiError } from '../../providers/http';
import { routeTo } from '../route-rules';
import { errorText, toastSuccess } from './errors';
import { formErrors } from './form-errors';
import { FieldInput } from './FieldInput';
import { initialFormValues, toApiBody, toApiValue, toRequestBody, type FormValues } from './form-values';
import { fieldLabel, recordSentence } from './labels';
import type { RecordRow } from './FieldValue';
import { LinesInput } from './LinesInput';
import { isChangedMeanwhile } from './changed-meanwhile';
import { useChangedMeanwhile } from './use-changed-meanwhile';
import './engine.css';

/** A field error's form path: `lines.1.quantity` (a line's cell, errors the server keys so) → ['lines', 1, 'quantity']. */
const errorPath = (name: string) => name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** Extras a resource's own create / edit screen may give the generated form. */
export interface FormExtras {
  /** A new record's starting values (form values: dollars, percents), over the declared defaults. */
  initialValues?: FormValues;
  /** Shown under the fields, from the request body the form would send now (an invoice's running total). */
  summary?: (body: Record<string, unknown>) => ReactNode;
  /**
   * From the same body: fields the record does not use as it stands (hidden, and sent empty: a
   * fixed-price quote has no hourly rate), and labels that follow it (its price named by its pricing).
   */
  layout?: (body: Record<string, unknown>) => FormLayout;
}

export interface FormLayout {
  hidden?: readonly string[];
  labels?: Readonly<Record<string, string>>;
}

/** A record's own page, or its list where the resource has none. */
const recordPage = (resource: ResourceDeclaration, id: unknown) =>
  resource.routes.show && id !== undefined ? routeTo(resource.routes.show, String(id)) : routeTo(resource.routes.list);

/** The business's today for the record's rules: the browser's day; the server checks again with the business's (its time zone). */
const today = () => dayjs().format('YYYY-MM-DD');

/**
 * The generated create / edit form: one input per declared form field, checked on blur and on
 * submit with the same rules (and messages) as the server, server field errors shown on their
 * fields, a warning before leaving with unsaved changes, and a toast when saved.
 */
export function RecordForm({
  resource,
  mode,
  record,
  only,
  onSaved,
  reread,
  initialValues,
  summary,
  layout,
}: FormExtras & {
  resource: ResourceDeclaration;
  mode: FormMode;
  record?: RecordRow;
  /** Just these fields (a bespoke page's focused form); the rest of the record is left as it is. */
  only?: readonly string[];
  /** Stay on the page after saving (the form is re-read) instead of going to the record. */
  onSaved?: () => void;
  /** Reads the record again (after a save refused because someone else saved it meanwhile). */
  reread?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  // The copy of the record the form's values come from, and whose version a save names
  // (src/domain/resources/version.ts); `record` is the latest, which the live channel refreshes.
  const [base, setBase] = useState(record);
  const initial = useMemo(
    () => ({ ...initialFormValues(resource, mode, base, t), ...(mode === 'create' ? initialValues : {}) }),
    [resource, mode, base, initialValues, t],
  );
  // Every value, but only for a summary or a layout: watching re-renders the form on each keystroke.
  const watched = Form.useWatch(summary || layout ? [] : ['__noSummary__'], form) as FormValues | undefined;
  const whole = watched && toApiBody(resource, 'create', { ...initial, ...watched });
  const view = (whole && layout?.(whole)) || {};
  const hidden = new Set(view.hidden ?? []);
  /** What would be sent: the form's changes, a hidden field emptied if the record had it (else left out). */
  const bodyOf = (values: FormValues) => {
    const body = toApiBody(resource, mode, values, initial);
    for (const key of hidden) {
      if (mode === 'update' && base?.[key] !== null && base?.[key] !== undefined) body[key] = null;
      else delete body[key];
    }
    return body;
  };
  // Typed work is asked about before it is left (src/ui/shell/UnsavedChangesGuard.tsx).
  const { markDirty, markSaved } = useUnsavedFlag();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreate<RecordRow>();
  const update = useUpdate<RecordRow>();
  const saving = create.mutation.isPending || update.mutation.isPending;
  // One save at a time: a double click's second submit arrives before `saving` has disabled the
  // button (both validations pass), and would create the record twice.
  const busy = useRef(false);
  // A closed record (a done ticket) offers only its state fields, to reopen it.
  const locked = mode === 'update' && isLocked(resource, base);
  // "Only its status can change, to reopen it", or the declaration's words where nothing reopens it.
  const closedWith = locked ? lockedMessage(resource, base!) : MESSAGES.recordLocked;
  const lockedNote =
    closedWith === MESSAGES.recordLocked ? t('resourceEngine.lockedForm') : translateMessage(t, closedWith);
  const states = stateFieldKeys(resource);
  const fields = formFields(resource, mode).filter(
    ([key]) => (!only || only.includes(key)) && (!locked || states.includes(key)) && !hidden.has(key),
  );
  // Closed, and nothing shown here may reopen it: a Save could only be refused, so there is none.
  const shut = locked && closedForGood(resource, base, fields);

  // Saved by someone else since the form loaded it: a live change, or a save answered 409.
  const meanwhile = useChangedMeanwhile({
    resource,
    mode,
    record,
    base,
    setBase,
    form,
    changedKeys: () => Object.keys(bodyOf(form.getFieldsValue(true))),
    shownKeys: fields.map(([key]) => key),
    busy,
    saving,
    reread,
  });

  const rule = (key: string) => ({
    validator: (_: unknown, value: unknown) => {
      const field = resource.fields[key]!;
      const check = validateRecord(resource, mode, { [key]: toApiValue(field, value) });
      const own = check.ok ? undefined : check.errors[key];
      // Then the rules across fields, on the whole form as it stands, so Create shows every error at once.
      const message = own ?? formErrors(resource, mode, base, bodyOf(form.getFieldsValue(true)), today())[key];
      return message ? Promise.reject(new Error(translateMessage(t, message))) : Promise.resolve();
    },
  });

  const submit = async (values: FormValues) => {
    if (busy.current) return;
    setFormError(null);
    const body = bodyOf(values);
    // Each field's rules and the whole record's (a state's next values, a date a state needs), as the server runs them.
    const errors = formErrors(resource, mode, base, body, today());
    if (Object.keys(errors).length) {
      form.setFields(
        Object.entries(errors).map(([name, text]) => ({ name: errorPath(name), errors: [translateMessage(t, text)] })),
      );
      return;
    }
    busy.current = true;
    try {
      const saved =
        mode === 'create'
          ? await create.mutateAsync({
              resource: resource.name,
              values: toRequestBody(body),
              successNotification: false,
              errorNotification: false,
            })
          : await update.mutateAsync({
              resource: resource.name,
              id: base!.id,
              // The version the values were made from: saved since by someone else, the server answers 409.
              values: toRequestBody(withVersion(body, base)),
              mutationMode: 'pessimistic',
              successNotification: false,
              errorNotification: false,
            });
      toastSuccess(recordSentence(t, resource, mode === 'create' ? 'created' : 'saved'));
      const id = (saved.data as BaseRecord).id ?? base?.id;
      // Saved: leaving is no longer asked about.
      markSaved();
      if (onSaved) {
        // Staying: the form is now at the saved record (its new version), as the server answered it.
        if (mode === 'update') meanwhile.rebase(saved.data);
        return onSaved();
      }
      // A new record takes the create form's place in the history: Back goes where the user was
      // before it (the list), not to a blank form that would make the record again.
      navigate(recordPage(resource, id), { replace: mode === 'create' });
    } catch (error) {
      // Saved by someone else meanwhile: nothing typed is touched; the banner shows theirs once re-read.
      if (isChangedMeanwhile(error)) return meanwhile.refused();
      const fieldErrors = isApiError(error) ? error.errors : {};
      const known = Object.entries(fieldErrors).filter(([name]) => fields.some(([key]) => key === name.split('.')[0]));
      form.setFields(
        known.map(([name, text]) => ({
          name: errorPath(name),
          errors: [translateMessage(t, Array.isArray(text) ? text[0]! : text)],
        })),
      );
      if (known.length === 0 || known.length < Object.keys(fieldErrors).length) setFormError(errorText(t, error));
    } finally {
      busy.current = false;
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onValuesChange={markDirty}
      onFinish={submit}
      scrollToFirstError
      // The declared rules speak (in the user's language), not the browser's built-in checks.
      noValidate
      className="engine-form"
    >
      {formError && <Alert type="error" showIcon message={formError} className="engine-alert" />}
      {meanwhile.banner}
      {locked && <Alert type="info" showIcon message={lockedNote} className="engine-alert" />}
      {fields.map(([key, field]) => {
        const label = view.labels?.[key] ?? fieldLabel(t, resource, key);
        // Child rows: an editable table whose cells are form fields of their own.
        if (field.type === 'lines')
          return (
            <Form.Item key={key} label={label} required={field.required}>
              <LinesInput resource={resource} fieldKey={key} field={field} label={label} />
            </Form.Item>
          );
        return (
          <Form.Item
            key={key}
            name={key}
            label={label}
            required={field.required}
            rules={[rule(key)]}
            validateTrigger="onBlur"
          >
            <FieldInput
              resource={resource}
              fieldKey={key}
              field={field}
              label={label}
              currentLabel={base?._labels?.[key] ?? undefined}
              allowedOptions={field.transitions ? allowedStates(field, base?.[key]) : undefined}
            />
          </Form.Item>
        );
      })}
      {summary && whole && summary(whole)}
      {shut ? (
        !onSaved && (
          <Flex gap={8} wrap className="engine-form-actions">
            <Button onClick={() => navigate(recordPage(resource, base!.id))}>{t('resourceEngine.back')}</Button>
          </Flex>
        )
      ) : (
        <Flex gap={8} wrap className="engine-form-actions">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t(mode === 'create' ? 'resourceEngine.create' : 'resourceEngine.save')}
          </Button>
          {!onSaved && <Button onClick={() => window.history.back()}>{t('resourceEngine.cancel')}</Button>}
        </Flex>
      )}
    </Form>
  );
}

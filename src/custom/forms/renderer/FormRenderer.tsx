import { useMemo, useRef, useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { HONEYPOT_FIELD } from '../../../domain/forms/api';
import type { FormField } from '../../../domain/forms/definition';
import { evaluateForm, type AnswerValue } from '../../../domain/forms/evaluate';
import { isApiError } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { FormError } from '../../../ui/forms/FormError';
import { FieldInput } from './FieldInput';
import { FileField, type FormFileUpload } from './FileField';
import '../forms.css';

/**
 * A form drawn from its fields (the public page and the builder's preview). What is shown,
 * what is required and each field's message come from the one evaluator the server runs too
 * (src/domain/forms/evaluate.ts): a field's message appears once it was left or a send was
 * tried; the server's own verdict (errors under answers.<key>) lands on its field.
 */
export default function FormRenderer({
  fields,
  initial = {},
  onSubmit,
  submitLabel,
  upload,
}: {
  fields: readonly FormField[];
  /** Answers known before typing: the hidden fields' URL parameters. */
  initial?: Record<string, unknown>;
  /** Sends the kept answers and the honeypot; absent in a preview that sends nothing. */
  onSubmit?: (values: Record<string, AnswerValue>, honeypot: string) => Promise<void>;
  submitLabel: string;
  /** Sends a file field's file (the public form); the preview has none. */
  upload?: FormFileUpload;
}) {
  const { t } = useTranslation();
  const [answers, setAnswers] = useState<Record<string, unknown>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);
  // Enter pressed again (or held) while the answer is on its way sends it once.
  const busy = useRef(false);
  const evaluation = useMemo(() => evaluateForm(fields, answers), [fields, answers]);

  const set = (key: string, value: unknown) => {
    setAnswers((a) => ({ ...a, [key]: value }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const touch = (key: string) => setTouched((s) => new Set(s).add(key));
  /**
   * The messages no drawn field can show (a hidden-type field's, a field the server alone knows),
   * as one line above the fields: else Send would do nothing, with nothing said.
   */
  const unseen = (errors: Record<string, string>) =>
    Object.entries(errors)
      .filter(([key]) => !fields.some((f) => f.key === key && f.type !== 'hidden' && evaluation.visible.includes(key)))
      .map(([key, text]) => `${fields.find((f) => f.key === key)?.label ?? key}: ${translateMessage(t, text)}`)
      .join(' ');

  /**
   * Moves to the first drawn field with a message: a person who pressed Send at the foot of a
   * long form (a phone's screen) saw nothing happen, the messages being above, out of sight.
   */
  const focusFirst = (errors: Record<string, string>) => {
    const first = fields.find((f) => f.type !== 'hidden' && evaluation.visible.includes(f.key) && errors[f.key]);
    if (first) document.getElementById(`form-field-${first.key}`)?.focus();
  };

  const submit = async () => {
    setTried(true);
    setFormError(unseen(evaluation.errors) || null);
    if (Object.keys(evaluation.errors).length) return focusFirst(evaluation.errors);
    if (!onSubmit || busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      await onSubmit(evaluation.values, honeypot);
    } catch (error) {
      const byField = isApiError(error) ? Object.entries(error.errors) : [];
      const mine = byField.filter(([path]) => path.startsWith('answers.'));
      if (mine.length) {
        const byKey = Object.fromEntries(mine.map(([path, text]) => [path.slice(8), String(text)]));
        setServerErrors(byKey);
        setFormError(unseen(byKey) || null);
        focusFirst(byKey);
      } else setFormError(errorText(t, error));
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  return (
    // A real <form>: Enter in a field sends it, as on any web form (the preview's Send is
    // disabled, so Enter there sends nothing). noValidate: the form's own rules judge an email
    // field, in the form's words, not the browser's check in the browser's language.
    <Form layout="vertical" className="forms-renderer" noValidate onFinish={() => void submit()}>
      <FormError message={formError} />
      {fields.map((f) => {
        if (f.type === 'hidden' || !evaluation.visible.includes(f.key)) return null;
        const id = `form-field-${f.key}`;
        const shown = tried || touched.has(f.key);
        const message = serverErrors[f.key] ?? (shown ? evaluation.errors[f.key] : undefined);
        return (
          <Form.Item
            key={f.key}
            htmlFor={id}
            label={f.type === 'checkbox' ? undefined : f.label}
            required={evaluation.required.includes(f.key)}
            validateStatus={message ? 'error' : undefined}
            help={message ? translateMessage(t, message) : undefined}
            extra={f.help || undefined}
          >
            {f.type === 'file' ? (
              <FileField
                field={f}
                id={id}
                value={answers[f.key]}
                invalid={Boolean(message)}
                upload={upload}
                onChange={(v) => {
                  set(f.key, v);
                  touch(f.key);
                }}
                onError={(text) => setServerErrors((e) => ({ ...e, [f.key]: text }))}
              />
            ) : (
              <FieldInput
                field={f}
                id={id}
                value={answers[f.key]}
                invalid={Boolean(message)}
                onChange={(v) => set(f.key, v)}
                onBlur={() => touch(f.key)}
              />
            )}
          </Form.Item>
        );
      })}
      {/* The honeypot: out of sight and out of the tab order; a person leaves it empty. */}
      <div className="forms-honeypot" aria-hidden="true">
        <label htmlFor={`form-${HONEYPOT_FIELD}`}>{t('forms.public.honeypot')}</label>
        <input
          id={`form-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>
      <Button type="primary" htmlType="submit" loading={sending} disabled={!onSubmit}>
        {submitLabel}
      </Button>
    </Form>
  );
}

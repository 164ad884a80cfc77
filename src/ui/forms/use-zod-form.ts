import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { isApiError } from '../../providers/http';
import type * as TranslateModule from '../../providers/i18n/translate-message';
import type * as AuthSchemaModule from './auth-schemas';

type AuthSchemas = typeof AuthSchemaModule;
const loadSchemas = (): Promise<AuthSchemas> => import('./auth-schemas');
/** The message translator and its catalogue (~7 KB gzip), like the schemas not needed to paint. */
const loadTranslator = (): Promise<typeof TranslateModule> => import('../../providers/i18n/translate-message');

type Errors<F extends string> = Partial<Record<F, string>>;
/** A check's verdict: the values to send, or the messages to show under the fields. */
type Verdict<T, F extends string> = { data: T } | { errors: Errors<F> };

/**
 * The light pages' form (docs/architecture.md, "Forms"): the signed-out pages, which keep antd's
 * Form off the login page. Values are checked by one of the shared zod schemas (the ones the
 * server runs): either given (a page that imports its schema anyway) or picked from the auth
 * schemas, which load on demand (`prefetch` on first focus) so zod is not on the login page;
 * so does the message translator. A submit waits for both before it checks or sends.
 * Errors show after the first submit, then follow typing. A refusal thrown by the submit
 * handler lands on its fields, or in `formError`.
 */
export function useZodForm<S extends z.ZodMiniType, F extends string>(
  source: S | ((schemas: AuthSchemas) => S),
  fields: readonly F[],
  initial: Partial<Record<F, string>> = {},
) {
  const { t } = useTranslation();
  return useCheckedForm<z.output<S>, F>(fields, initial, async (input) => {
    const [schemas, { translateFieldErrors }] = await Promise.all([loadSchemas(), loadTranslator()]);
    const schema = typeof source === 'function' ? source(schemas) : source;
    const result = schema.safeParse(input);
    if (result.success) return { data: result.data };
    return { errors: translateFieldErrors(t, schemas.fieldErrors(result.error)) as Errors<F> };
  });
}

/**
 * The sign-in form's way: no check before sending, because the server's answer to a mistaken
 * value is the check — its schema's messages come back on their fields (a 400's `errors`) and
 * land under them here, in the reader's language. So the rules stay the one schema the server
 * runs, and the signed-in first load does not fetch zod (~16 KB gzip) just to sign in
 * (docs/architecture.md, "The design card's packages"). Typing clears the field's message; the next submit asks
 * again.
 */
export function useServerCheckedForm<F extends string>(fields: readonly F[], initial: Partial<Record<F, string>> = {}) {
  return useCheckedForm<Record<F, string>, F>(fields, initial, null);
}

function useCheckedForm<T, F extends string>(
  fields: readonly F[],
  initial: Partial<Record<F, string>>,
  verdict: ((input: Record<F, string>) => Promise<Verdict<T, F>>) | null,
) {
  const { t } = useTranslation();
  const blank = (from: Partial<Record<F, string>>) =>
    Object.fromEntries(fields.map((field) => [field, from[field] ?? ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(() => blank(initial));
  // The values as last set, ahead of the next render: two changes before React draws again (an
  // autofill filling email and password at once) each build on the other, where the render's
  // `values` would let the later one drop the earlier one's field.
  const latest = useRef(values);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const latestCheck = useRef(0);

  const check = async (input: Record<F, string>): Promise<T | null> => {
    if (!verdict) return input as T;
    // Only the latest check may set errors: typing fast must not show an older verdict.
    const id = ++latestCheck.current;
    const result = await verdict(input);
    if (id !== latestCheck.current) return null;
    if ('data' in result) {
      setErrors({});
      return result.data;
    }
    setErrors(result.errors);
    return null;
  };

  const setValue = (field: F, value: string) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    setFormError(null);
    if (!verdict) setErrors(({ [field]: _changed, ...rest }) => rest as Errors<F>);
    else if (submitted.current) void check(next);
  };

  /** Puts a failed call's field errors under the fields this form has, the rest above it. */
  const showError = async (error: unknown) => {
    const { translateMessage } = await loadTranslator();
    const own = isApiError(error)
      ? Object.entries(error.errors).filter(([field]) => (fields as readonly string[]).includes(field))
      : [];
    if (own.length) {
      const text = (v: string | string[]) => translateMessage(t, Array.isArray(v) ? v.join(', ') : v);
      setErrors(Object.fromEntries(own.map(([field, v]) => [field, text(v)])) as Errors<F>);
      return;
    }
    setFormError(translateMessage(t, error instanceof Error ? error.message : String(error)));
  };

  const handleSubmit = (onValid: (data: T) => void | Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    setFormError(null);
    const data = await check(latest.current);
    if (!data) return;
    setSubmitting(true);
    try {
      await onValid(data);
    } catch (error) {
      await showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  /** Starts loading what a submit needs (schemas, translator) on first focus, so submit does not wait. */
  const prefetch = () => {
    const needs = verdict ? [loadSchemas(), loadTranslator()] : [loadTranslator()];
    void Promise.all(needs).catch(() => undefined);
  };

  /** Back to blank (or to `next`), with no errors shown. */
  const reset = (next: Partial<Record<F, string>> = {}) => {
    latest.current = blank(next);
    setValues(latest.current);
    submitted.current = false;
    setErrors({});
    setFormError(null);
  };

  return { values, errors, formError, submitting, setValue, handleSubmit, showError, prefetch, reset };
}

import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { fieldErrors } from '../../domain/schemas/common';
import { isApiError } from '../../providers/http';
import { translateFieldErrors, translateMessage } from '../../providers/i18n/translate-message';

/**
 * Form state checked by one of the shared zod schemas (the ones the server runs), so the
 * form shows the server's rules and messages before sending. Errors show after the first
 * submit, then follow typing. A server refusal lands on its fields, or in `formError`.
 */
export function useSchemaForm<S extends z.ZodMiniType, F extends string>(
  schema: S,
  fields: readonly F[],
  initial: Partial<Record<F, string>> = {},
) {
  const { t } = useTranslation();
  const blank = () => Object.fromEntries(fields.map((field) => [field, initial[field] ?? ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(blank);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  const check = (input: Record<F, string>): z.output<S> | null => {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(translateFieldErrors(t, fieldErrors(result.error)) as Partial<Record<F, string>>);
    return null;
  };

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setFormError(null);
    if (submitted.current) check(next);
  };

  /** Puts a failed call's field errors under the fields this form has, the rest above it. */
  const showError = (error: unknown) => {
    if (isApiError(error)) {
      const own = Object.entries(error.errors).filter(([field]) => (fields as readonly string[]).includes(field));
      if (own.length) {
        setErrors(
          Object.fromEntries(
            own.map(([field, text]) => [field, translateMessage(t, Array.isArray(text) ? text.join(', ') : text)]),
          ) as Partial<Record<F, string>>,
        );
        return;
      }
      setFormError(translateMessage(t, error.message));
      return;
    }
    setFormError(translateMessage(t, error instanceof Error ? error.message : String(error)));
  };

  const handleSubmit = (onValid: (data: z.output<S>) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    setFormError(null);
    const data = check(values);
    if (!data) return;
    setSubmitting(true);
    try {
      await onValid(data);
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const reset = (next?: Partial<Record<F, string>>) => {
    setValues(Object.fromEntries(fields.map((field) => [field, next?.[field] ?? ''])) as Record<F, string>);
    submitted.current = false;
    setErrors({});
    setFormError(null);
  };

  return { values, errors, formError, submitting, setValue, handleSubmit, showError, reset };
}

import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { translateFieldErrors } from '../../providers/i18n/translate-message';
import type * as AuthSchemaModule from './auth-schemas';

type AuthSchemas = typeof AuthSchemaModule;
const loadSchemas = (): Promise<AuthSchemas> => import('./auth-schemas');

/**
 * Form state validated by one of the shared zod schemas (the same ones the server uses), with
 * the schema module loaded on demand. Errors show after the first submit, then follow typing.
 */
export function useZodForm<S extends z.ZodMiniType, F extends string>(
  pickSchema: (schemas: AuthSchemas) => S,
  fields: readonly F[],
  initial: Partial<Record<F, string>> = {},
) {
  const { t } = useTranslation();
  const blank = () => Object.fromEntries(fields.map((field) => [field, initial[field] ?? ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(blank);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const submitted = useRef(false);
  const latestCheck = useRef(0);

  const check = async (input: Record<F, string>): Promise<z.output<S> | null> => {
    // Only the latest check may set errors: typing fast must not show an older verdict.
    const id = ++latestCheck.current;
    const schemas = await loadSchemas();
    const result = pickSchema(schemas).safeParse(input);
    if (id !== latestCheck.current) return null;
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(translateFieldErrors(t, schemas.fieldErrors(result.error)) as Partial<Record<F, string>>);
    return null;
  };

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted.current) void check(next);
  };

  const handleSubmit = (onValid: (data: z.output<S>) => void | Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const data = await check(values);
    if (data) await onValid(data);
  };

  /** Starts loading what a submit needs (the schemas) on first focus, so submit does not wait. */
  const prefetch = () => {
    void loadSchemas().catch(() => undefined);
  };

  const reset = (field?: F) => {
    if (field) setValues((current) => ({ ...current, [field]: '' }));
    else setValues(blank());
    submitted.current = false;
    setErrors({});
  };

  return { values, errors, setValue, handleSubmit, prefetch, reset };
}

import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../domain/schemas/common';
import { cardFormToPayload, makeCardFormSchema, type AddCardPayloadInput } from '../../../domain/payments/card-schema';
import { isApiError } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
import { applyCardInput, CARD_FIELDS, EMPTY_CARD, type CardField, type CardValues } from './card-input';

/** The server names some fields after the payload (product brief section 3); the form after the inputs. */
const SERVER_FIELD: Record<string, CardField> = {
  number: 'cardNumber',
  expMonth: 'exp',
  expYear: 'exp',
};

export type CardSubmit = (payload: AddCardPayloadInput) => Promise<void>;

/**
 * The card form's state: typing rules applied on every change, the shared schema
 * (src/domain/payments/card-schema.ts, the one the server uses) checked on submit and then on
 * every change, and the server's refusal kept for the red alert above the form.
 */
export function useCardForm(onSubmit: CardSubmit, checkDefaultPM = true, idPrefix = 'card') {
  const { t } = useTranslation();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  // The values as last set, ahead of the next render: two changes before React draws again (a
  // state picked from its list as the ZIP code is typed or autofilled) each build on the other,
  // where the render's `values` would let the later one drop the earlier one's field.
  const latest = useRef<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  /** Validates, shows the messages, and answers the data or the first field to fix. */
  const check = (input: CardValues) => {
    const result = makeCardFormSchema().safeParse(input);
    if (result.success) {
      setErrors({});
      return { data: result.data, firstInvalid: null };
    }
    const raw = fieldErrors(result.error);
    setErrors(
      Object.fromEntries(Object.entries(raw).map(([field, text]) => [field, translateMessage(t, text)])) as Partial<
        Record<CardField, string>
      >,
    );
    return { data: null, firstInvalid: CARD_FIELDS.find((field) => field in raw) ?? null };
  };

  const setValue = (field: CardField, raw: string) => {
    const next = applyCardInput(latest.current, field, raw);
    latest.current = next;
    setValues(next);
    if (submitted.current) check(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { data, firstInvalid } = check(latest.current);
    if (!data) {
      // Take the person to the first field to fix (on a phone it may be far above or below).
      if (firstInvalid) document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus();
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    setServerError(null);
    try {
      await onSubmit(cardFormToPayload(data, checkDefaultPM));
    } catch (error) {
      setServerError(errorText(t, error));
      if (isApiError(error)) {
        const fromServer: Partial<Record<CardField, string>> = {};
        for (const [field, text] of Object.entries(error.errors)) {
          const message = Array.isArray(text) ? text[0] : text;
          const target = SERVER_FIELD[field] ?? (field in EMPTY_CARD ? (field as CardField) : null);
          if (target && message) fromServer[target] ??= translateMessage(t, message);
        }
        setErrors(fromServer);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return {
    values,
    errors,
    serverError,
    dismissServerError: () => setServerError(null),
    submitting,
    setValue,
    handleSubmit,
  };
}

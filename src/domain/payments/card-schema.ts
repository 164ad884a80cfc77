/**
 * The add-card rules of product brief section 5, once: the form validates what a person typed
 * (`makeCardFormSchema`), the server validates the add-card payload of product brief section 3
 * (`makeAddCardPayloadSchema`) with the same checks in the same order and the same messages.
 * Both take `now` because "not in the past" depends on the clock (the server passes its own).
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages';
import { CARD } from '../constants';
import { cardNumberValid, digitsOnly, MAX_CARD_DIGITS } from './card-number';
import { fullYear, isExpiryInPast, parseExpiry } from './expiry';
import { isUsState } from './us-states';

type Now = () => number;

/** cardholderName: required, 3–50 characters, with product brief section 5's three messages. */
export const cardholderNameField = z.string({ error: MESSAGES.cardholderNameRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.cardholderNameRequired),
  z.refine<string>((v) => v.length === 0 || v.length >= CARD.holderMin, MESSAGES.cardholderNameMin),
  z.maxLength(CARD.holderMax, MESSAGES.cardholderNameMax),
);

/** A required text field (address line 1, city), at most 100 characters (nameTooLong says 100). */
const requiredText = (max = 100) =>
  z
    .string({ error: MESSAGES.fieldRequired })
    .check(z.trim(), z.minLength(1, MESSAGES.fieldRequired), z.maxLength(max, MESSAGES.nameTooLong));

/** addressLine2: optional; empty or missing both mean none. */
const optionalText = z.optional(
  z.nullable(z.string({ error: MESSAGES.mustBeText }).check(z.trim(), z.maxLength(100, MESSAGES.invalidValue))),
);

/** state: required, a US state abbreviation from `GET states`. */
export const stateField = z.string({ error: MESSAGES.fieldRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.fieldRequired),
  z.refine<string>((v) => v.length === 0 || isUsState(v), MESSAGES.stateInvalid),
);

/** zipCode: required, digits only, exactly 5 (product brief section 5's two messages). */
export const zipCodeField = z.string({ error: MESSAGES.fieldRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.fieldRequired),
  z.regex(/^\d*$/, MESSAGES.onlyDigits),
  z.refine<string>((v) => !/^\d*$/.test(v) || v.length === CARD.zipLength, MESSAGES.exactlyFiveDigits),
);

/** country: required and always US. */
export const countryField = z.string({ error: MESSAGES.fieldRequired }).check(
  z.trim(),
  z.minLength(1, MESSAGES.fieldRequired),
  z.refine<string>((v) => v.length === 0 || v.toUpperCase() === CARD.country, MESSAGES.countryUsOnly),
);

/** cvc: required, 3 or 4 digits; one message for every way of getting it wrong. */
export const cvcField = z
  .string({ error: MESSAGES.cvcFormat })
  .check(z.trim(), z.regex(/^\d{3,4}$/, MESSAGES.cvcFormat));

/** The card number: 'Card number is required' when empty, then a checksum/length check. */
function cardNumberField(allowSpaces: boolean) {
  return z.string({ error: MESSAGES.cardNumberRequired }).check(
    z.trim(),
    z.minLength(1, MESSAGES.cardNumberRequired),
    z.refine<string>(
      (v) =>
        v.length === 0 ||
        ((allowSpaces ? /^[\d ]+$/ : /^\d+$/).test(v) && digitsOnly(v).length <= MAX_CARD_DIGITS && cardNumberValid(v)),
      MESSAGES.cardNumberInvalid,
    ),
  );
}

const addressShape = {
  addressLine1: requiredText(),
  addressLine2: optionalText,
  city: requiredText(),
  state: stateField,
  zipCode: zipCodeField,
  country: countryField,
};

/** What the card form holds (product brief section 3 "Card form"): number spaced by group, exp as MM/YY. */
export function makeCardFormSchema(now: Now = Date.now) {
  return z.object({
    cardholderName: cardholderNameField,
    cardNumber: cardNumberField(true),
    exp: z.string({ error: MESSAGES.expFormat }).check(
      z.trim(),
      z.refine<string>((v) => parseExpiry(v) !== null, MESSAGES.expFormat),
      z.refine<string>((v) => {
        const e = parseExpiry(v);
        return e === null || !isExpiryInPast(e, now());
      }, MESSAGES.expInPast),
    ),
    cvc: cvcField,
    ...addressShape,
  });
}
export type CardFormValues = z.input<ReturnType<typeof makeCardFormSchema>>;

/** An integer month 1–12, as a number or numeric text. */
const expMonthField = z.pipe(
  z.pipe(
    z.union([z.number(), z.string()], { error: MESSAGES.expFormat }),
    z.transform((v: number | string) => (typeof v === 'number' ? v : /^\d{1,2}$/.test(v.trim()) ? Number(v) : NaN)),
  ),
  z
    .number({ error: MESSAGES.expFormat })
    .check(z.int(MESSAGES.expFormat), z.gte(1, MESSAGES.expFormat), z.lte(12, MESSAGES.expFormat)),
);

/** A year, two or four digits, as a number or numeric text; always four digits after parsing. */
const expYearField = z.pipe(
  z.pipe(
    z.union([z.number(), z.string()], { error: MESSAGES.expFormat }),
    z.transform((v: number | string) => {
      const n = typeof v === 'number' ? v : /^\d{2}$|^\d{4}$/.test(v.trim()) ? Number(v) : NaN;
      return Number.isInteger(n) && (n < 100 || (n >= 2000 && n <= 2099)) ? fullYear(n) : NaN;
    }),
  ),
  z.number({ error: MESSAGES.expFormat }).check(z.int(MESSAGES.expFormat)),
);

/**
 * The add-card payload of product brief section 3 as the server receives it: `number` digits only,
 * expMonth/expYear separate. Expiry problems are reported on `expMonth` (the form's `exp`).
 */
export function makeAddCardPayloadSchema(now: Now = Date.now) {
  return z
    .object({
      checkDefaultPM: z.optional(z.boolean({ error: MESSAGES.mustBeBoolean })),
      cardholderName: cardholderNameField,
      number: cardNumberField(false),
      expMonth: expMonthField,
      expYear: expYearField,
      cvc: cvcField,
      ...addressShape,
    })
    .check(
      z.refine((v) => !isExpiryInPast({ month: v.expMonth, year: v.expYear }, now()), {
        path: ['expMonth'],
        message: MESSAGES.expInPast,
      }),
    );
}
export type AddCardPayload = z.output<ReturnType<typeof makeAddCardPayloadSchema>>;
export type AddCardPayloadInput = z.input<ReturnType<typeof makeAddCardPayloadSchema>>;

/** The form's values as the add-card payload: digits-only number, exp split, country US. */
export function cardFormToPayload(values: CardFormValues, checkDefaultPM = true): AddCardPayloadInput {
  const exp = parseExpiry(values.exp);
  return {
    checkDefaultPM,
    cardholderName: values.cardholderName.trim(),
    number: digitsOnly(values.cardNumber),
    expMonth: exp?.month ?? 0,
    expYear: exp?.year ?? 0,
    cvc: values.cvc.trim(),
    addressLine1: values.addressLine1.trim(),
    addressLine2: values.addressLine2?.trim() || undefined,
    city: values.city.trim(),
    state: values.state.trim().toUpperCase(),
    zipCode: values.zipCode.trim(),
    country: CARD.country,
  };
}

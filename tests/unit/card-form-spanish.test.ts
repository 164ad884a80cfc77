// @vitest-environment node
/**
 * The card form in Spanish says one word for the card's expiry and speaks to the reader as the
 * rest of the app does (tú): its label is "Fecha de vencimiento", so its errors and the
 * processor's refusals say "vencimiento"/"vencida", never "caducidad", and no card message
 * switches to usted ("Su tarjeta", "Inténtelo", "Elija", "Agregue").
 */
import { describe, expect, it } from 'vitest';
import es from '../../public/locales/es/translation.json';
import paymentsEs from '../../src/custom/payments/locales/es.json';

/** The messages a card form or a card payment shows (src/domain/messages.ts). */
const CARD_MESSAGES = [
  'cardholderNameRequired',
  'cardholderNameMin',
  'cardholderNameMax',
  'cardNumberRequired',
  'cardNumberInvalid',
  'expFormat',
  'expInPast',
  'cvcFormat',
  'stateInvalid',
  'cardDeclined',
  'cardInsufficientFunds',
  'cardExpired',
  'cardIncorrectCvc',
  'cardProcessingError',
  'paymentServiceUnavailable',
  'paymentMethodRequired',
] as const;

describe('the card form in Spanish', () => {
  const messages = es.messages as Record<string, string>;
  const texts = [...CARD_MESSAGES.map((code) => messages[code]!), ...Object.values(paymentsEs.payments.card)];

  it('calls the expiry "vencimiento" in its label and in its errors', () => {
    expect(paymentsEs.payments.card.exp).toBe('Fecha de vencimiento');
    expect(messages.expFormat).toContain('fecha de vencimiento');
    expect(messages.expInPast).toContain('fecha de vencimiento');
    expect(texts.filter((text) => /caduc/i.test(text))).toEqual([]);
  });

  it('speaks as tú, as the rest of the app', () => {
    expect(texts.filter((text) => /\b(su|Su|Inténtelo|Elija|Agregue|Ingrese|usted)\b/.test(text))).toEqual([]);
  });
});

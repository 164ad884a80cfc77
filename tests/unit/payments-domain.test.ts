// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { fieldErrors } from '../../src/domain/schemas/common';
import {
  cardFormToPayload,
  cardNumberValid,
  centsToDecimal,
  cvcLength,
  detectCardBrand,
  formatCardNumber,
  formatExpiry,
  formatExpiryInput,
  formatUsd,
  isExpiryInPast,
  isUsState,
  last4,
  limitCvc,
  luhnValid,
  makeAddCardPayloadSchema,
  makeCardFormSchema,
  parseExpiry,
  parseUsdToCents,
  US_STATES,
} from '../../src/domain/payments';
import { refundBody } from '../../src/domain/payments/refund-schema';

// 15 March 2026, UTC.
const NOW = Date.UTC(2026, 2, 15, 12);
const now = () => NOW;

describe('card numbers', () => {
  it('detects brands from the leading digits', () => {
    expect(detectCardBrand('4242424242424242')).toBe('visa');
    expect(detectCardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('mastercard');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('3056930009020004')).toBe('diners');
    expect(detectCardBrand('36227206271667')).toBe('diners');
    expect(detectCardBrand('6011111111111117')).toBe('discover');
    expect(detectCardBrand('3566002020360505')).toBe('jcb');
    expect(detectCardBrand('6200000000000005')).toBe('unionpay');
    expect(detectCardBrand('')).toBe('unknown');
    expect(detectCardBrand('9999')).toBe('unknown');
  });

  it('checks the Luhn digit and the brand length', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardNumberValid('4242 4242 4242 4242')).toBe(true);
    expect(cardNumberValid('378282246310005')).toBe(true);
    expect(cardNumberValid('4000000000000002')).toBe(true);
    expect(cardNumberValid('42424242')).toBe(false);
    expect(cardNumberValid('')).toBe(false);
  });

  it('groups as typed: amex 4-6-5, diners 4-6-4, others 4-4-4-4 up to 19', () => {
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('3782822463100059999')).toBe('3782 822463 10005');
    expect(formatCardNumber('36227206271667')).toBe('3622 720627 1667');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242-42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242424242424242123')).toBe('4242 4242 4242 4242 123');
    expect(formatCardNumber('42424242424242421234')).toBe('4242 4242 4242 4242 123');
    expect(formatCardNumber('')).toBe('');
  });

  it('limits the CVC to 4 digits for amex and 3 otherwise', () => {
    expect(cvcLength('amex')).toBe(4);
    expect(cvcLength('visa')).toBe(3);
    expect(limitCvc('12345', 'amex')).toBe('1234');
    expect(limitCvc('1a234', 'visa')).toBe('123');
    expect(last4('4242 4242 4242 4242')).toBe('4242');
  });
});

describe('expiry MM/YY', () => {
  it('inserts the slash automatically and pads a month that cannot take a second digit', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('12/34')).toBe('12/34');
    expect(formatExpiryInput('12345')).toBe('12/34');
    expect(formatExpiryInput('4')).toBe('04/');
    // Pasted with a space, spaced as autofill writes it, or with the year in full.
    expect(formatExpiryInput(' 12/30')).toBe('12/30');
    expect(formatExpiryInput('12 / 30')).toBe('12/30');
    expect(formatExpiryInput('12/2030')).toBe('12/30');
    expect(formatExpiryInput('122030')).toBe('12/30');
    // Backspace over the auto slash removes it rather than re-adding it.
    expect(formatExpiryInput('12', '12/')).toBe('1');
  });

  it('reads a one-digit month closed by a slash as that month, typed or pasted', () => {
    // January typed as '1' then '/': the slash was dropped and the year's first digit made month 13.
    expect(formatExpiryInput('1/', '1')).toBe('01/');
    expect(formatExpiryInput('1/30')).toBe('01/30');
    expect(formatExpiryInput('1 / 30')).toBe('01/30');
    expect(formatExpiryInput('1/2030')).toBe('01/30');
    // Backspace over the slash of '01/' still removes it.
    expect(formatExpiryInput('01', '01/')).toBe('0');
  });

  it('parses MM/YY with month 01-12 only', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('4/29')).toBeNull();
    expect(parseExpiry('0429')).toBeNull();
    expect(formatExpiry(4, 2029)).toBe('04/29');
  });

  it('is in the past only after its month ended', () => {
    expect(isExpiryInPast({ month: 3, year: 2026 }, NOW)).toBe(false);
    expect(isExpiryInPast({ month: 2, year: 2026 }, NOW)).toBe(true);
    expect(isExpiryInPast({ month: 1, year: 27 }, NOW)).toBe(false);
    expect(isExpiryInPast({ month: 12, year: 2025 }, new Date(NOW))).toBe(true);
  });
});

const goodForm = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  exp: '12/30',
  cvc: '123',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
};

function formErrors(values: Record<string, unknown>) {
  const r = makeCardFormSchema(now).safeParse(values);
  return r.success ? {} : fieldErrors(r.error);
}

describe('card form schema (product brief section 5 messages)', () => {
  it('accepts a good card', () => {
    expect(formErrors(goodForm)).toEqual({});
  });

  it.each([
    ['cardholderName', '', MESSAGES.cardholderNameRequired],
    ['cardholderName', '   ', MESSAGES.cardholderNameRequired],
    ['cardholderName', 'Al', MESSAGES.cardholderNameMin],
    ['cardholderName', 'x'.repeat(51), MESSAGES.cardholderNameMax],
    ['cardNumber', '', MESSAGES.cardNumberRequired],
    ['cardNumber', '4242 4242 4242 4241', MESSAGES.cardNumberInvalid],
    ['exp', '', MESSAGES.expFormat],
    ['exp', '13/30', MESSAGES.expFormat],
    ['exp', '1/30', MESSAGES.expFormat],
    ['exp', '02/26', MESSAGES.expInPast],
    ['cvc', '', MESSAGES.cvcFormat],
    ['cvc', '12', MESSAGES.cvcFormat],
    ['cvc', '12345', MESSAGES.cvcFormat],
    ['cvc', '12a', MESSAGES.cvcFormat],
    ['addressLine1', '', MESSAGES.fieldRequired],
    ['city', '', MESSAGES.fieldRequired],
    ['state', '', MESSAGES.fieldRequired],
    ['state', 'XX', MESSAGES.stateInvalid],
    ['zipCode', '', MESSAGES.fieldRequired],
    ['zipCode', '12a45', MESSAGES.onlyDigits],
    ['zipCode', '1234', MESSAGES.exactlyFiveDigits],
    ['zipCode', '123456', MESSAGES.exactlyFiveDigits],
    ['country', '', MESSAGES.fieldRequired],
    ['country', 'MX', MESSAGES.countryUsOnly],
  ])('%s = %j → %s', (field, value, message) => {
    expect(formErrors({ ...goodForm, [field]: value })[field]).toBe(message);
  });

  it('keeps the product brief texts verbatim', () => {
    expect(MESSAGES.cardholderNameRequired).toBe('Cardholder name is required');
    expect(MESSAGES.cardholderNameMin).toBe('Cardholder name must be at least 3 characters long');
    expect(MESSAGES.cardholderNameMax).toBe('Cardholder name must be at most 50 characters long');
    expect(MESSAGES.cardNumberRequired).toBe('Card number is required');
    expect(MESSAGES.expFormat).toBe('Expiry date must be in MM/YY format');
    expect(MESSAGES.cvcFormat).toBe('CVC must be 3 or 4 digits');
    expect(MESSAGES.onlyDigits).toBe('Must be only digits');
    expect(MESSAGES.exactlyFiveDigits).toBe('Must be exactly 5 digits');
  });

  it('addressLine2 is optional', () => {
    const { addressLine2: _drop, ...rest } = goodForm;
    expect(formErrors(rest)).toEqual({});
  });

  it('turns the form into the add-card payload', () => {
    expect(cardFormToPayload({ ...goodForm, state: 'tx' })).toEqual({
      checkDefaultPM: true,
      cardholderName: 'Ada Lovelace',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      addressLine1: '1 Main St',
      addressLine2: undefined,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
    });
  });
});

const goodPayload = cardFormToPayload(goodForm);
function payloadErrors(values: Record<string, unknown>) {
  const r = makeAddCardPayloadSchema(now).safeParse(values);
  return r.success ? {} : fieldErrors(r.error);
}

describe('add-card payload schema (server side, same rules)', () => {
  it('accepts the payload and normalises a two-digit year', () => {
    const r = makeAddCardPayloadSchema(now).parse({ ...goodPayload, expMonth: '4', expYear: '29' });
    expect(r.expMonth).toBe(4);
    expect(r.expYear).toBe(2029);
  });

  it.each([
    ['number', '', MESSAGES.cardNumberRequired],
    ['number', undefined, MESSAGES.cardNumberRequired],
    ['number', '4242 4242 4242 4242', MESSAGES.cardNumberInvalid],
    ['number', '4242424242424241', MESSAGES.cardNumberInvalid],
    ['expMonth', 13, MESSAGES.expFormat],
    ['expMonth', 0, MESSAGES.expFormat],
    ['expMonth', 'ab', MESSAGES.expFormat],
    ['expMonth', undefined, MESSAGES.expFormat],
    ['expYear', 'abcd', MESSAGES.expFormat],
    ['expYear', 123, MESSAGES.expFormat],
    ['cvc', undefined, MESSAGES.cvcFormat],
    ['cardholderName', undefined, MESSAGES.cardholderNameRequired],
    ['zipCode', '1234a', MESSAGES.onlyDigits],
    ['zipCode', '1234', MESSAGES.exactlyFiveDigits],
    ['state', undefined, MESSAGES.fieldRequired],
    ['country', 'CA', MESSAGES.countryUsOnly],
  ])('%s = %j → %s', (field, value, message) => {
    expect(payloadErrors({ ...goodPayload, [field]: value })[field]).toBe(message);
  });

  it('refuses an expiry month that already ended', () => {
    expect(payloadErrors({ ...goodPayload, expMonth: 2, expYear: 2026 }).expMonth).toBe(MESSAGES.expInPast);
    expect(payloadErrors({ ...goodPayload, expMonth: 3, expYear: 2026 })).toEqual({});
  });
});

describe('states and money', () => {
  it('lists US states with name and abbreviation', () => {
    expect(US_STATES).toContainEqual({ name: 'Texas', abbreviation: 'TX' });
    expect(US_STATES.length).toBeGreaterThanOrEqual(51);
    expect(isUsState('ny')).toBe(true);
    expect(isUsState('ZZ')).toBe(false);
  });

  it('formats integer cents as en-US dollars and parses typed amounts to cents', () => {
    expect(formatUsd(1400)).toBe('$14.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-250)).toBe('-$2.50');
    expect(centsToDecimal(1405)).toBe('14.05');
    expect(parseUsdToCents('14')).toBe(1400);
    expect(parseUsdToCents('$1,234.5')).toBe(123450);
    expect(parseUsdToCents('0.1')).toBe(10);
    expect(parseUsdToCents('1.234')).toBeNull();
    expect(parseUsdToCents('abc')).toBeNull();
  });
});

describe('a refund (the dialog and the server share the rule)', () => {
  const amountError = (amount: unknown) => fieldErrors(refundBody.safeParse({ amount }).error!).amount;

  it('takes no amount (all that is left) or whole cents from one up', () => {
    expect(refundBody.safeParse({}).success).toBe(true);
    expect(refundBody.safeParse({ amount: 1 }).success).toBe(true);
  });

  it('says what is wrong with a part: empty, zero or less, or a fraction of a cent', () => {
    expect(amountError(null)).toBe(MESSAGES.amountRequired);
    expect(amountError(0)).toBe(MESSAGES.refundMin);
    expect(amountError(-100)).toBe(MESSAGES.refundMin);
    // '10.005' typed: 1000.5 cents, refused rather than rounded.
    expect(amountError(1000.5)).toBe(MESSAGES.amountInvalid);
    expect(amountError('abc')).toBe(MESSAGES.amountInvalid);
  });
});

import { detectCardBrand, formatCardNumber, limitCvc, type CardBrand } from '../../../domain/payments/card-number';
import { formatExpiryInput } from '../../../domain/payments/expiry';

/** The card form's fields (product brief section 3), all as the person typed them. */
export const CARD_FIELDS = [
  'cardholderName',
  'cardNumber',
  'exp',
  'cvc',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'country',
] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;

export const EMPTY_CARD: CardValues = {
  cardholderName: '',
  cardNumber: '',
  exp: '',
  cvc: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'US',
};

/**
 * The values after one field changed, with the typing rules of product brief section 5 applied: the
 * number grouped by brand, the expiry's slash added (or removed when deleting over it), the
 * CVC cut to the brand's length, which can shrink when the number changes brand. Country
 * stays US whatever arrives.
 */
export function applyCardInput(current: CardValues, field: CardField, raw: string): CardValues {
  const next: CardValues = { ...current, country: 'US' };
  switch (field) {
    case 'cardNumber':
      next.cardNumber = formatCardNumber(raw);
      next.cvc = limitCvc(current.cvc, detectCardBrand(next.cardNumber));
      break;
    case 'exp':
      next.exp = formatExpiryInput(raw, current.exp);
      break;
    case 'cvc':
      next.cvc = limitCvc(raw, detectCardBrand(current.cardNumber));
      break;
    case 'country':
      break;
    default:
      next[field] = raw;
  }
  return next;
}

export function brandOf(values: CardValues): CardBrand {
  return detectCardBrand(values.cardNumber);
}

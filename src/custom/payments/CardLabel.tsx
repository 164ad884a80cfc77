import { CreditCardOutlined } from '@ant-design/icons';
import { CARD_BRAND_LABELS, CARD_BRANDS, maskCardNumber, type CardBrand } from '../../domain/payments/card-number';
import { formatExpiry } from '../../domain/payments/expiry';
import type { SavedCard } from './payments-api';
import './payments.css';

export function brandLabel(brand: string): string {
  const key = brand.toLowerCase() as CardBrand;
  return CARD_BRANDS.includes(key) ? CARD_BRAND_LABELS[key] : brand;
}

/** 'Visa •••• 4242 · 12/30' — all we ever show of a card (product brief section 3 "Saved card"). */
export function CardLabel({ card, withExpiry = false }: { card: SavedCard; withExpiry?: boolean }) {
  return (
    <span className="payments-nowrap">
      <CreditCardOutlined aria-hidden className="payments-card-icon" />
      {brandLabel(card.cardBrand)} {maskCardNumber(card.cardLast4)}
      {withExpiry && card.expMonth && card.expYear ? ` · ${formatExpiry(card.expMonth, card.expYear)}` : ''}
    </span>
  );
}

import { checkoutSessionBody as linkSchema } from '../../../domain/payments/link-schema';
import { fieldErrors } from '../../../domain/schemas/common';

type LinkInput = { amount: number | null; description: string };
type Checked =
  | { ok: true; value: { amount: number; description: string } }
  | { ok: false; errors: Partial<Record<'amount' | 'description', string>> };

/** The create-link form's values checked with the rules the server applies. */
export function validateLinkInput(input: LinkInput): Checked {
  const result = linkSchema.safeParse({ amount: input.amount ?? undefined, description: input.description });
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

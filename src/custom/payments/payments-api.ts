import { API } from '../../domain/api-paths';
import type { UsState } from '../../domain/payments/us-states';
import { http, isApiError } from '../../providers/http';

/*
 * The payment calls of the product brief, section 7, as the server answers them (the served
 * /docs is the reference); the screens' reads and card changes go through Refine
 * (billing-hooks.ts). Calls that move money send an Idempotency-Key, so a doubled click or a
 * retried request never charges twice.
 */

/** A saved card: all that is ever kept or shown of one (the product brief, section 3, "Saved card"). */
export interface SavedCard {
  id: string;
  cardBrand: string;
  nameOnCard: string;
  cardLast4: string;
  expMonth?: number;
  expYear?: number;
  isDefault?: boolean;
}

/** One intent to move money. Create it when the person decides; reuse it only to retry that decision. */
export class IntentKey {
  private key = crypto.randomUUID();

  get value(): string {
    return this.key;
  }

  /**
   * After a definite answer (2xx, or a 4xx such as a declined card) the next press is a new
   * decision and needs a new key: the server replays a key's stored answer. After no answer
   * (connection error, 5xx) the same key is kept, so a retry cannot charge twice.
   */
  settle(error?: unknown): void {
    const uncertain = isApiError(error) && (error.status === 0 || error.status >= 500);
    if (!uncertain) this.key = crypto.randomUUID();
  }
}

export const idempotencyHeader = (key: string) => ({ 'Idempotency-Key': key });

let statesCache: Promise<readonly UsState[]> | null = null;

/** `GET states` (name, abbreviation), fetched once per page load: the list does not change. */
export function loadStates(): Promise<readonly UsState[]> {
  statesCache ??= http.get<UsState[]>(API.states).then(({ data }) => data);
  statesCache.catch(() => {
    statesCache = null;
  });
  return statesCache;
}

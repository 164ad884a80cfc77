import { API_BASE_URL } from '../../../providers/http';

/**
 * stripe_connect (product brief section 7 "Business"): the answers' shapes are
 * src/domain/payments/connect-wire.ts. A link the API answers with is an app path with the local
 * processor (on the API's origin); Stripe's are whole.
 */
export const appUrl = (url: string) => (url.startsWith('/') ? `${API_BASE_URL}${url}` : url);

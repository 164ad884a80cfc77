/** The plan /checkout is opened with (route state, product brief section 2), as settings or the guard pass it. */
export interface CheckoutPlan {
  id: string;
  name: string;
  /** Monthly price in integer cents (USD). */
  price: number;
  description?: string | null;
}

export interface CheckoutState {
  plan?: CheckoutPlan | null;
  /** The description is markdown (product brief section 2: "opens with plan data and a markdown flag"). */
  markdown?: boolean;
}

export function readCheckoutState(state: unknown): { plan: CheckoutPlan; markdown: boolean } | null {
  if (!state || typeof state !== 'object') return null;
  const { plan, markdown } = state as CheckoutState;
  if (!plan || typeof plan.id !== 'string' || typeof plan.name !== 'string' || typeof plan.price !== 'number') {
    return null;
  }
  return { plan, markdown: markdown !== false };
}

/**
 * The paths of the owned-businesses calls (businesses.ts tells the rules). Apart from
 * businesses.ts so the header's business switcher, on every signed-in load of an owner, does not
 * bring that file's zod schemas (docs/architecture.md, "The design card's packages");
 * businesses.ts re-exports it.
 */
export const BUSINESSES_API = {
  /** GET: the businesses I own, the selected one marked. */
  mine: '/api/Business/my-businesses',
  /** POST { companyName }: a new business I own (not selected until I switch to it). */
  add: '/api/Business/add-business',
  /** PATCH { businessId }: switch to a business I own; answers the refreshed userData. */
  select: '/api/Business/select-business',
} as const;

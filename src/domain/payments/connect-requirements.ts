/**
 * What a payout account still has to provide, in groups a person understands. The processor
 * names each missing field (Stripe's requirements.currently_due: 'business_profile.url',
 * 'individual.dob.day', 'person_1A2b.first_name', 'external_account', …); the page shows one
 * line per group with what to do, never those names (the translations are under
 * payments.connect.requirementGroups.<group>).
 */
export const REQUIREMENT_GROUPS = [
  'business_profile',
  'business_type',
  'company',
  'individual',
  'representative',
  'owners',
  'external_account',
  'tos_acceptance',
  'other',
] as const;
export type RequirementGroup = (typeof REQUIREMENT_GROUPS)[number];

const BY_PREFIX: Record<string, RequirementGroup> = {
  business_profile: 'business_profile',
  business_type: 'business_type',
  company: 'company',
  individual: 'individual',
  representative: 'representative',
  relationship: 'representative',
  owners: 'owners',
  directors: 'owners',
  executives: 'owners',
  external_account: 'external_account',
  tos_acceptance: 'tos_acceptance',
};

/** The groups the missing fields fall in, once each, in the order the page lists them. */
export function requirementGroups(fields: readonly string[]): RequirementGroup[] {
  const found = new Set<RequirementGroup>();
  for (const field of fields) {
    const prefix = field.split('.')[0] ?? '';
    // A person of the company is named by its id (person_…): their details are the representative's.
    found.add(prefix.startsWith('person_') ? 'representative' : (BY_PREFIX[prefix] ?? 'other'));
  }
  return REQUIREMENT_GROUPS.filter((group) => found.has(group));
}

/**
 * The plans' names and descriptions as the product seeds them (English, stored in the plans table
 * by server/seed/demo.ts). While a plan still holds one, every screen shows `planNames.<name>` or
 * `planDescriptions.<name>` in the screen's language instead (the plans resource's `seeded` option
 * on the admin's screens, src/ui/plan-text.ts elsewhere, the engine's CSV export on the server); a
 * name or a description an administrator typed is shown as typed.
 */
import { PLANS } from './constants';
import type { SeededTexts } from './resources/types';

/** Each seeded plan's name, by itself: a plan named so is one the product made. */
export const SEEDED_PLAN_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  PLANS.map((p) => [p.name, p.name]),
);

/** Each seeded plan's description (markdown), by the plan's name. */
export const SEEDED_PLAN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Free: '**Free** — up to 10 documents, 5 pages per PDF.',
  Pro: '**Pro** — up to 50 documents, 25 pages per PDF, priority support.',
};

/** A plan's name, translated while seeded (the plans resource's `seeded` option, src/ui/plan-text.ts). */
export const SEEDED_PLAN_NAME: SeededTexts = { by: 'name', texts: SEEDED_PLAN_NAMES, key: 'planNames' };

/** A plan's description, translated while it is its seeded plan's seeded description. */
export const SEEDED_PLAN_DESCRIPTION: SeededTexts = {
  by: 'name',
  texts: SEEDED_PLAN_DESCRIPTIONS,
  key: 'planDescriptions',
};

/**
 * A plan's name and description as the screens outside the admin's plan screens show them: in the
 * screen's language while the product seeded them (src/domain/plan-texts.ts: "Free" reads
 * "Gratuito" in Spanish), as typed when an administrator wrote them. Names only pass through here
 * on their way to the screen; the code that compares plans keeps the stored name.
 */
import type { TFunction } from 'i18next';
import { SEEDED_PLAN_DESCRIPTIONS, SEEDED_PLAN_NAMES } from '../domain/plan-texts';

export function planName(t: TFunction, name: string): string {
  return Object.hasOwn(SEEDED_PLAN_NAMES, name) ? t(`planNames.${name}`, { defaultValue: name }) : name;
}

export function planDescription(t: TFunction, plan: { name: string; description?: string | null }): string {
  const seeded = Object.hasOwn(SEEDED_PLAN_DESCRIPTIONS, plan.name) ? SEEDED_PLAN_DESCRIPTIONS[plan.name] : undefined;
  if (seeded !== undefined && seeded === plan.description)
    return t(`planDescriptions.${plan.name}`, { defaultValue: seeded });
  return plan.description ?? '';
}

/**
 * A plan's name and description as the screens outside the admin's plan screens show them: in the
 * screen's language while the product seeded them (src/domain/plan-texts.ts: "Free" reads
 * "Gratuito" in Spanish; asked as the plans resource's `seeded` option asks it,
 * src/domain/resources/seeded.ts), as typed when an administrator wrote them. Names only pass
 * through here on their way to the screen; the code that compares plans keeps the stored name.
 */
import type { TFunction } from 'i18next';
import { SEEDED_PLAN_DESCRIPTION, SEEDED_PLAN_NAME } from '../domain/plan-texts';
import { seededKey } from '../domain/resources/seeded';

export function planName(t: TFunction, name: string): string {
  const seeded = seededKey(SEEDED_PLAN_NAME, name, { name });
  return seeded ? t(seeded.key, { defaultValue: seeded.text }) : name;
}

export function planDescription(t: TFunction, plan: { name: string; description?: string | null }): string {
  const seeded = seededKey(SEEDED_PLAN_DESCRIPTION, plan.description, plan);
  return seeded ? t(seeded.key, { defaultValue: seeded.text }) : (plan.description ?? '');
}

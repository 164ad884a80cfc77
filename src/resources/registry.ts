/**
 * The declared resources: one line each (docs/architecture.md, "Declare once"). A declaration here
 * gives its table (after `npm run db:generate`), its validated CRUD API and its screens.
 * See README, "Adding a resource".
 */
import type { ResourceDeclaration } from '../domain/resources/types';
import * as declared from './declared';

export const RESOURCES: readonly ResourceDeclaration[] = Object.values(declared);

export function resourceNamed(name: string): ResourceDeclaration | undefined {
  return RESOURCES.find((r) => r.name === name);
}

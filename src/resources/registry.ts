/**
 * The declared resources: one line each (docs/architecture.md, "Declare once"). A declaration here
 * gives its table (after `npm run db:generate`), its validated CRUD API and its screens.
 * See README, "Adding a resource".
 */
import type { ResourceDeclaration } from '../domain/resources/types';
import * as declared from './declared';

/**
 * In the order of their export names. A real module namespace lists its exports sorted (so the
 * built app did), while Vitest's module objects keep the order of the lines: sorting here makes
 * the sidebar and every list of resources the same in the app, the server and the tests.
 */
export const RESOURCES: readonly ResourceDeclaration[] = Object.entries(declared)
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([, resource]) => resource);

export function resourceNamed(name: string): ResourceDeclaration | undefined {
  return RESOURCES.find((r) => r.name === name);
}

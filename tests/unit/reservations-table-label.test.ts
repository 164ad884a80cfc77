// @vitest-environment node
/** The reservation list's Tables column: a table taken off the floor plan is named so, never by its id. */
import { describe, expect, it } from 'vitest';
import { tableLabel } from '../../src/custom/reservations/table-label';

describe('tableLabel', () => {
  const plan = [
    { id: 't1', name: 'T1' },
    { id: 't2', name: 'Window' },
  ];

  it("names a table by its name in the plan, a removed one as removed, nothing before the plan's answer", () => {
    expect(tableLabel(plan, 't2', 'Removed table')).toBe('Window');
    expect(tableLabel(plan, '12f4b426-f316-4280-8de9-1e3502d75b69', 'Removed table')).toBe('Removed table');
    expect(tableLabel(undefined, 't1', 'Removed table')).toBe('');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lazy } from 'react';
import { pickPage, type AreaPage } from '../../src/custom/routes/built-pages';

const page = () => lazy(async () => ({ default: () => null }));

describe('a path two areas split by role', () => {
  const desk = page();
  const fleet = page();
  const pages: AreaPage[] = [
    { page: fleet, forRoles: ['TRUCKER'] },
    { page: desk, forRoles: ['IT'] },
  ];

  it('shows each role its own page', () => {
    expect(pickPage(pages, 'TRUCKER')).toBe(fleet);
    expect(pickPage(pages, 'IT')).toBe(desk);
  });

  it('shows a role no area serves nothing (the route falls back to "not built yet")', () => {
    expect(pickPage(pages, 'USER')).toBeUndefined();
    expect(pickPage(pages, undefined)).toBeUndefined();
  });

  it('a page without forRoles serves every role', () => {
    const any = page();
    expect(pickPage([{ page: any }], 'MOVER')).toBe(any);
  });
});

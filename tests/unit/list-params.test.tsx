import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import deals from '../../src/resources/deals/resource';
import { useListParams } from '../../src/resources/engine/use-list-params';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/deal_management?page=3']}>{children}</MemoryRouter>
);

describe("a list's filters in the URL", () => {
  it('two filters changed before the list re-renders both stay (a date picked right after a value typed)', () => {
    const { result } = renderHook(() => ({ list: useListParams(deals), location: useLocation() }), { wrapper });
    const { update } = result.current.list;
    // Both calls use the same render's `update`, as a handler of a render not yet replaced does.
    act(() => {
      update({ valueCentsFrom: 500000 });
      update({ expectedCloseFrom: '2027-01-01', expectedCloseTo: '2027-12-31' });
    });
    const params = new URLSearchParams(result.current.location.search);
    expect(Object.fromEntries(params)).toEqual({
      valueCentsFrom: '500000',
      expectedCloseFrom: '2027-01-01',
      expectedCloseTo: '2027-12-31',
    });
  });

  it('a change of the URL from elsewhere (back, a link) is what the next filter starts from', () => {
    const { result } = renderHook(
      () => ({ list: useListParams(deals), location: useLocation(), navigate: useNavigate() }),
      { wrapper },
    );
    act(() => result.current.list.update({ valueCentsFrom: 100 }));
    expect(result.current.list.page).toBe(1);
    act(() => void result.current.navigate('/deal_management?stage=won'));
    act(() => result.current.list.update({ page: 2 }));
    expect(Object.fromEntries(new URLSearchParams(result.current.location.search))).toEqual({
      stage: 'won',
      page: '2',
    });
    act(() => result.current.list.clearFilters());
    expect(result.current.location.search).toBe('');
  });
});

/**
 * A page's address with a #hash that is no valid escape ("#%E0%A4%A", a link cut short) opens the
 * page at its top, as one naming no element does, instead of throwing while the page is drawn
 * (src/custom/routes/use-scroll-restoration.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { ScrollRestoration } from '../../src/custom/routes/use-scroll-restoration';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the scroll of a page opened at a #hash', () => {
  it('goes to the top when the hash is no valid escape, and the page is drawn', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/list']}>
        <ScrollRestoration />
        <Routes>
          <Route path="/list" element={<Link to="/event#%E0%A4%A">Open the event</Link>} />
          <Route path="/event" element={<h1>The event</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    screen.getByRole('link', { name: 'Open the event' }).click();
    expect(await screen.findByRole('heading', { name: 'The event' })).toBeTruthy();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ErrorBoundary } from '../../src/custom/errors/ErrorBoundary';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('render failed');
}

describe('error boundary', () => {
  it('renders the error_500 page instead of a blank screen when a page throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('render failed');
  });

  it('renders its children when nothing fails', () => {
    render(
      <MemoryRouter>
        <ErrorBoundary>
          <p>fine</p>
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});

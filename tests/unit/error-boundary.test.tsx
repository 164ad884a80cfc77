import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import { ErrorBoundary } from '../../src/custom/errors/ErrorBoundary';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
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

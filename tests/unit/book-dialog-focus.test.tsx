/**
 * The Book dialog (calendar_management) opens with the focus in its first field (the service, or
 * the duration without a catalogue), as the app's other dialogs a person fills in do
 * (useFocusOnOpen): antd focused the dialog's box, so a keyboard user tabbed past its ✕ first.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { BookDialog } from '../../src/custom/bookings/BookDialog';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Book dialog as it opens', () => {
  it('has the focus in its first field', async () => {
    stubFetch(() => jsonResponse(200, { result: { timeZone: 'America/New_York', durationMinutes: 60, starts: [] } }));
    renderInApp(
      '/calendar_management',
      <BookDialog timeZone="America/New_York" withCatalogue={false} onClose={() => {}} />,
    );
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('book-duration')));
  });
});

/**
 * Renaming a form's address (Name and address) while the builder holds unsaved work: the page
 * moves to the new address (src/custom/forms/FormEditorPage.tsx) and the builder stays as it was,
 * with the fields added since the last save and still unsaved. Before, the new address's read
 * showed the loading skeleton in place of the builder, which unmounted it and dropped every
 * unsaved field without asking (the move is a replace, which the unsaved-changes guard lets by).
 * The app's layout draws each address's page anew (MainLayout's ErrorBoundary is keyed by the
 * path), so the test draws the page the same way.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import FormEditorPage from '../../src/custom/forms/FormEditorPage';
import type { FormDetail } from '../../src/domain/forms/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { formField } from './helpers/forms';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

/** As src/custom/layout/MainLayout.tsx draws a page: anew for each path. */
function PageByPath() {
  const { pathname } = useLocation();
  return <FormEditorPage key={pathname} />;
}

const detail = (slug: string, updatedAt: string): FormDetail => ({
  id: 'f1',
  name: 'Partner enquiry',
  slug,
  aliases: slug === 'partners' ? ['partner-enquiry'] : [],
  draft: [formField({ label: 'Name' })],
  contactMapping: null,
  versions: [],
  spam: 0,
  closedAt: null,
  updatedAt,
});

it('keeps the unsaved fields when the address changes', async () => {
  let renamed = false;
  const calls = stubFetch((_url, init) => {
    if (init.method === 'PATCH') renamed = true;
    // After the rename the old address answers the form too (the server's 308, followed by fetch).
    return jsonResponse(200, {
      result: renamed
        ? detail('partners', '2026-11-30T17:01:00.000Z')
        : detail('partner-enquiry', '2026-11-30T17:00:00.000Z'),
    });
  });
  renderInApp('/form_builder/partner-enquiry/edit', <PageByPath />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });

  fireEvent.click(await screen.findByRole('button', { name: 'Email' }));
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  expect(document.querySelectorAll('.forms-field-row')).toHaveLength(2);

  fireEvent.click(screen.getByRole('button', { name: /Name and address/ }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Address' }), { target: { value: 'partners' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/form_builder/partners/edit'));
  await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/forms/partners'))).toBe(true));
  // The field added before the rename is still there, and still unsaved.
  expect(await screen.findByText('Unsaved changes')).toBeTruthy();
  expect(document.querySelectorAll('.forms-field-row')).toHaveLength(2);
  expect(calls.filter((c) => c.init.method === 'PUT')).toEqual([]);
});

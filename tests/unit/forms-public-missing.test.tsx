/**
 * A public form's address that leads nowhere says so (src/custom/forms/PublicFormPage.tsx): a slug
 * no form has (404) and one no form can have, longer than any (the server refuses it as invalid,
 * 400), both show 'Form not found'. The second showed 'Some fields are not valid' to a visitor
 * whose link was cut or run on, with no field in sight.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import PublicFormPage from '../../src/custom/forms/PublicFormPage';
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

it.each([
  ['a slug no form has', 404, { message: 'This form does not exist', errors: {} }],
  [
    'a slug longer than any form’s',
    400,
    { message: 'Some fields are not valid', errors: { slug: 'Must be at most 80 characters long' } },
  ],
])('shows Form not found for %s', async (_case, status, body) => {
  stubFetch(() => jsonResponse(status, body));
  renderInApp(`/f/${'a'.repeat(90)}`, <PublicFormPage />, { route: '/f/:slug' });
  await screen.findByText('Form not found');
  expect(screen.getByText('This link does not lead to a published form. Check the address.')).toBeTruthy();
  expect(screen.queryByText('Some fields are not valid')).toBeNull();
});

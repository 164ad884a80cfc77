/**
 * A form's address that leads nowhere says so: a slug no form has (404) and one no form can have,
 * longer than any (the server refuses it as invalid, 400), both show that there is no such form,
 * on the public page (src/custom/forms/PublicFormPage.tsx) and in the builder (FormEditorPage.tsx).
 * The second showed 'Some fields are not valid', with no field in sight.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import FormEditorPage from '../../src/custom/forms/FormEditorPage';
import PublicFormPage from '../../src/custom/forms/PublicFormPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const ANSWERS = [
  ['a slug no form has', 404, { message: 'This form does not exist', errors: {} }],
  [
    'a slug longer than any form’s',
    400,
    { message: 'Some fields are not valid', errors: { slug: 'Must be at most 80 characters long' } },
  ],
] as const;

it.each(ANSWERS)('shows Form not found on the public page for %s', async (_case, status, body) => {
  stubFetch(() => jsonResponse(status, body));
  renderInApp(`/f/${'a'.repeat(90)}`, <PublicFormPage />, { route: '/f/:slug' });
  await screen.findByText('Form not found');
  expect(screen.getByText('This link does not lead to a published form. Check the address.')).toBeTruthy();
  expect(screen.queryByText('Some fields are not valid')).toBeNull();
});

it.each(ANSWERS)('says the form does not exist in the builder for %s', async (_case, status, body) => {
  stubFetch(() => jsonResponse(status, body));
  renderInApp(`/form_builder/${'a'.repeat(90)}/edit`, <FormEditorPage />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });
  await screen.findByText('This form does not exist');
  expect(screen.queryByText('Some fields are not valid')).toBeNull();
});

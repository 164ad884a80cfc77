/**
 * The builder's number properties (a field's minimum and maximum, a file's MB) keep what the
 * admin types (src/custom/forms/editor/FieldPanel.tsx): text that is not a number yet stays in
 * the box with the definition's "Enter a number" under it, as every number field of the app
 * does. Before, the panel turned such text into "no limit" and the box dropped it at once: "1O"
 * (a letter O) left an empty box and no limit without a word, and a negative minimum could not
 * be typed at all ("-" vanished, so "-3" became 3).
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import FormEditorPage from '../../src/custom/forms/FormEditorPage';
import { formDetail } from './helpers/forms';
import { FIELD_MESSAGES } from '../../src/domain/field-messages';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const form = formDetail();

const type = (input: HTMLElement, ...steps: string[]) => {
  for (const value of steps) fireEvent.change(input, { target: { value } });
};
const panelErrors = () =>
  [...document.querySelectorAll('.forms-panel .ant-form-item-explain-error')].map((e) => e.textContent);

it('keeps text typed in a bound, says to enter a number, and takes a negative minimum key by key', async () => {
  const calls = stubFetch(() => jsonResponse(200, { result: form }));
  renderInApp('/form_builder/partner-enquiry/edit', <FormEditorPage />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });

  fireEvent.click(await screen.findByRole('button', { name: 'Number' }));
  const min = document.getElementById('forms-prop-min') as HTMLInputElement;
  type(min, '-');
  expect(min.value).toBe('-');
  type(min, '-3');
  expect(min.value).toBe('-3');

  // A short text's most characters; the preview reads the text as no limit (no NaN maxLength).
  const error = vi.spyOn(console, 'error');
  fireEvent.click(screen.getByRole('button', { name: 'Short text' }));
  const max = document.getElementById('forms-prop-max') as HTMLInputElement;
  type(max, '1', '1O');
  expect(max.value).toBe('1O');
  await waitFor(() => expect(panelErrors()).toContain(FIELD_MESSAGES.numberInvalid));

  // Not saved while the bound is text; fixed, the message goes.
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(calls.filter((c) => c.init.method === 'PUT')).toEqual([]);
  expect(error.mock.calls.filter((args) => args.some((a) => String(a).includes('NaN')))).toEqual([]);
  type(max, '10');
  await waitFor(() => expect(panelErrors()).toEqual([]));
});

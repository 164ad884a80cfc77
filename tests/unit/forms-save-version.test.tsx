/**
 * Two tabs building one form (src/custom/forms): the builder sends with Save draft the form's
 * `updatedAt` as this tab first read it, then as each of its own writes answered it, so the server
 * refuses a save over another tab's (409, tests/api/forms.test.ts) instead of silently undoing it.
 * A reread of the form (another tab's save read back) does not become this tab's version: its
 * fields still show the older draft. Before, the draft was sent without a version and the later
 * tab's save won.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import FormEditorPage from '../../src/custom/forms/FormEditorPage';
import type { FormDetail } from '../../src/domain/forms/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { formDetail, formField } from './helpers/forms';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const OPENED = '2026-11-30T17:00:00.000Z';
const OWN_SAVE = '2026-11-30T17:01:00.000Z';
const OTHER_TAB = '2026-11-30T17:02:00.000Z';

const detail = (updatedAt: string, label = 'Name'): FormDetail =>
  formDetail({ draft: [formField({ label })], updatedAt });

it('sends the version it opened, then its own save’s, never a reread’s', async () => {
  let reads = 0;
  const calls = stubFetch((_url, init) => {
    if (init.method === 'PUT') return jsonResponse(200, { result: detail(OWN_SAVE) });
    // The first read is the form as opened; every read after it holds another tab's save.
    return jsonResponse(200, { result: reads++ === 0 ? detail(OPENED) : detail(OTHER_TAB, 'Their label') });
  });
  renderInApp('/form_builder/partner-enquiry/edit', <FormEditorPage />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });
  const puts = () =>
    calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)) as { updatedAt?: string });

  fireEvent.click(await screen.findByRole('button', { name: 'Short text' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(puts()).toHaveLength(1));
  expect(puts()[0]!.updatedAt).toBe(OPENED);

  // The save's answer is this tab's version; the form is then read again, holding the other tab's.
  await waitFor(() => expect(reads).toBeGreaterThan(1));
  fireEvent.click(screen.getByRole('button', { name: 'Short text' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(puts()).toHaveLength(2));
  expect(puts()[1]!.updatedAt).toBe(OWN_SAVE);
});

it('saves once for a double click on Publish or Save draft, never a second save that the server refuses', async () => {
  const calls = stubFetch((url, init) => {
    if (init.method === 'PUT') return jsonResponse(200, { result: detail(OWN_SAVE) });
    if (init.method === 'POST' && url.pathname.endsWith('/publish'))
      return jsonResponse(200, { result: { ...detail(OWN_SAVE), versions: [] } });
    return jsonResponse(200, { result: detail(OPENED) });
  });
  renderInApp('/form_builder/partner-enquiry/edit', <FormEditorPage />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });
  const sent = (method: string) => calls.filter((c) => c.init.method === method).length;

  fireEvent.click(await screen.findByRole('button', { name: 'Short text' }));
  const save = screen.getByRole('button', { name: 'Save draft' });
  fireEvent.click(save);
  fireEvent.click(save);
  await waitFor(() => expect(sent('PUT')).toBe(1));

  fireEvent.click(screen.getByRole('button', { name: 'Short text' }));
  const publish = screen.getByRole('button', { name: 'Publish' });
  fireEvent.click(publish);
  fireEvent.click(publish);
  await waitFor(() => expect(sent('POST')).toBe(1));
  // Before, the second click's draft save went out too, with the version the first replaced.
  expect(sent('PUT')).toBe(2);
});

it('keeps a field added while the save is on its way unsaved', async () => {
  let answer: (r: Response) => void = () => {};
  const calls = stubFetch((_url, init) => {
    if (init.method === 'PUT') return new Promise<Response>((resolve) => (answer = resolve));
    return jsonResponse(200, { result: detail(OPENED) });
  });
  renderInApp('/form_builder/partner-enquiry/edit', <FormEditorPage />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Short text' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true));
  // Another field before the server answers: it was not sent.
  fireEvent.click(screen.getByRole('button', { name: 'Short text' }));
  answer(jsonResponse(200, { result: detail(OWN_SAVE) }));
  // The save answered (the form is read again after it): the field added meanwhile is still to be
  // saved. Before, it read "Draft saved" and Save draft was greyed out.
  await waitFor(() => expect(calls.filter((c) => c.init.method !== 'PUT').length).toBeGreaterThan(1));
  expect(await screen.findByText('Unsaved changes')).toBeTruthy();
  expect(screen.queryByText('Draft saved')).toBeNull();
});

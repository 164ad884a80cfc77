/**
 * A form its admin closed (src/custom/forms/PublicFormPage.tsx): its public page shows its name
 * and "This form is no longer accepting responses", not its fields; and a person whose page was
 * open when it closed is told the same when the send is refused (409 formClosed), instead of an
 * error toast over a form that can never be sent. The server's side: tests/api/forms-lifecycle.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import PublicFormPage from '../../src/custom/forms/PublicFormPage';
import { MESSAGES } from '../../src/domain/messages';
import { jsonResponse } from './helpers/fixtures';
import { formField } from './helpers/forms';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const page = (closed: boolean) => ({
  slug: 'sign-up',
  name: 'Sign-up',
  version: 1,
  closed,
  fields: closed ? [] : [formField({ key: 'name', label: 'Your name' })],
  startToken: closed ? '' : 'token',
});

it('shows a closed form closed, with its name and no fields', async () => {
  stubFetch(() => jsonResponse(200, { result: page(true) }));
  renderInApp('/f/sign-up', <PublicFormPage />, { route: '/f/:slug' });
  await screen.findByText('This form is no longer accepting responses');
  expect(screen.getByRole('heading', { name: 'Sign-up' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
});

it('says the form closed when a send from a page opened before is refused as closed', async () => {
  const calls = stubFetch((url, init) =>
    init.method === 'POST'
      ? jsonResponse(409, { message: MESSAGES.formClosed, errors: {} })
      : jsonResponse(200, { result: page(false) }),
  );
  renderInApp('/f/sign-up', <PublicFormPage />, { route: '/f/:slug' });
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Ada' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText('This form is no longer accepting responses');
  expect(calls.some((c) => c.init.method === 'POST')).toBe(true);
  expect(screen.queryByLabelText('Your name')).toBeNull();
});

/**
 * A list filter typed into the URL by hand, longer than its box takes (LIST_TEXT_MAX): the server
 * refuses it (src/domain/resources/list-query.ts, the same parser here), and the list names the
 * filter and why ("Email: Must be at most 200 characters long") and marks its box, instead of only
 * "Some fields are not valid". It is not clamped: a shorter "contains" would list rows that do not
 * hold what the URL asks for (src/resources/engine/list-errors.ts).
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { LIST_TEXT_MAX } from '../../src/domain/resources/list-params';
import { parseListQuery } from '../../src/domain/resources/list-query';
import ResourceList from '../../src/resources/engine/ResourceList';
import { resourceNamed } from '../../src/resources/registry';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const users = resourceNamed('users')!;

beforeAll(async () => {
  await initEnglish();
});
afterEach(async () => {
  cleanup();
  await switchLanguage('en');
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The users list answered as the server answers it: the list query parsed by the shared parser. */
function serveUsers() {
  stubFetch((url) => {
    if (url.pathname.startsWith('/api/User/preferences/')) return jsonResponse(200, { result: { hidden: [] } });
    const parsed = parseListQuery(users, Object.fromEntries(url.searchParams));
    return parsed.ok
      ? jsonResponse(200, { result: [] }, { 'x-total-count': '0' })
      : jsonResponse(400, { message: MESSAGES.invalidInput, errors: parsed.errors });
  });
}

const open = (path: string) =>
  renderInApp(path, <ResourceList resource={users} />, {
    route: '/user_management',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });

it('names the filter typed too long into the URL, and marks its box', async () => {
  serveUsers();
  const long = 'a'.repeat(LIST_TEXT_MAX + 1);
  open(`/user_management?email=${long}`);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(`Email: ${formatMessage('textTooLong', { max: LIST_TEXT_MAX })}`);
  const box = screen.getByRole('textbox', { name: 'Email' });
  expect(box.getAttribute('aria-invalid')).toBe('true');
  // The search box, which the server took, is not marked.
  expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('aria-invalid')).toBeNull();
});

it('names each refused filter, the search among them, in the reader’s language', async () => {
  await switchLanguage('es');
  serveUsers();
  open(`/user_management?query=${'b'.repeat(LIST_TEXT_MAX + 1)}&phone=${'5'.repeat(LIST_TEXT_MAX + 1)}`);
  const alert = await screen.findByRole('alert');
  expect([...alert.querySelectorAll(':scope > div > div')].map((line) => line.textContent).sort()).toEqual([
    'Buscar: Debe tener como máximo 200 caracteres',
    'Teléfono: Debe tener como máximo 200 caracteres',
  ]);
  expect(screen.getByRole('searchbox', { name: 'Buscar' }).getAttribute('aria-invalid')).toBe('true');
});

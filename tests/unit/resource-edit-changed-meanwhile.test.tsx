/**
 * The generated edit form when someone else saved the record after it opened (docs/adding-a-resource.md,
 * "Two people editing one record"): the save answers 409, the form keeps everything typed, shows
 * what they saved, and "Reload their changes" takes theirs in where the user changed nothing —
 * then the next save names the new version and sends only the user's own changes.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../src/domain/messages';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { resourceNamed } from '../../src/resources/registry';
import { ResourceEdit } from '../../src/resources/engine/ResourceForm';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

const contacts = resourceNamed('contacts')!;
const OPENED = '2026-11-20T15:04:00.000Z';
const THEIRS = '2026-11-20T15:09:30.125Z';

const row = (overrides: Record<string, unknown> = {}) => ({
  id: '0b7c1d2e-0000-4000-8000-000000000001',
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  phone: null,
  companyId: null,
  status: 'lead',
  tags: null,
  notes: null,
  language: null,
  createdAt: OPENED,
  updatedAt: OPENED,
  ...overrides,
});
/** The record after the other person's save: a new name, a note and a status. */
const theirs = () => row({ fullName: 'Ann Theirs', notes: 'Called on Monday', status: 'customer', updatedAt: THEIRS });

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The edit form over a server where someone else saved the record once it was opened. */
function openEdit() {
  let saved = false;
  const calls = stubFetch((url, init) => {
    if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: [] });
    if (init.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { updatedAt?: string };
      if (body.updatedAt !== THEIRS) return jsonResponse(409, { message: MESSAGES.recordChangedMeanwhile, errors: {} });
      return jsonResponse(200, { result: { ...theirs(), ...body, updatedAt: '2026-11-20T15:10:00.000Z' } });
    }
    // The first read is the record as it was opened; every read after the other save, theirs.
    const answer = saved ? theirs() : row();
    saved = true;
    return jsonResponse(200, { result: answer });
  });
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  renderInApp(`/contact_management/${row().id}/edit`, <ResourceEdit resource={contacts} />, {
    route: '/contact_management/:id/edit',
    user: storedUser({ roleName: 'ADMIN' }),
  });
  return calls;
}
const patches = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.init.method === 'PATCH').map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);

async function typeAndSave() {
  await screen.findByDisplayValue('Ann Lee');
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ann Typed' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '(202) 555-0199' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('alert');
}

describe('an edit saved by someone else meanwhile', () => {
  it('keeps every typed value, shows what they saved, and reloads theirs under the typed ones', async () => {
    const calls = openEdit();
    const banner = await typeAndSave();
    expect(patches(calls)[0]).toEqual({ fullName: 'Ann Typed', phone: '+12025550199', updatedAt: OPENED });
    expect(within(banner).getByText('Someone else changed this record after you opened it.')).toBeTruthy();
    // What they saved, by field; the one both changed is marked.
    const items = within(banner)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Full name: Ann Theirsyou changed it too', 'Status: Customer', 'Notes']);
    // Nothing typed is lost, and nothing was navigated away from.
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ann Typed');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('(202) 555-0199');
    expect(screen.getByTestId('where').textContent).toBe(`/contact_management/${row().id}/edit`);

    fireEvent.click(within(banner).getByRole('button', { name: 'Reload their changes' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    // Theirs where the user changed nothing; the user's where they did, said so on the field.
    expect(screen.getByLabelText<HTMLTextAreaElement>('Notes').value).toBe('Called on Monday');
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ann Typed');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('(202) 555-0199');
    expect(
      await screen.findByText('Someone else changed this too. Your value is kept: save to apply it.'),
    ).toBeTruthy();

    // Saved again: from their version, only the user's own changes.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]).toEqual({ fullName: 'Ann Typed', phone: '+12025550199', updatedAt: THEIRS });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/contact_management/${row().id}`));
  });

  it('"Keep editing" closes the banner and keeps the typed values; saving asks again', async () => {
    const calls = openEdit();
    const banner = await typeAndSave();
    fireEvent.click(within(banner).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ann Typed');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    // Still made from the version it was opened at: refused again, and asked again.
    expect(patches(calls)[1]!.updatedAt).toBe(OPENED);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ann Typed');
  });
});

/**
 * "Not spam" on the answers screen (src/custom/forms/SubmissionsView.tsx): when the server moved
 * the answer but its contact mapping refused it (`contactRefused`, tests/api/forms-spam.test.ts),
 * the admin reads why, by the field's label and the contact's message, in a warning that stays
 * until closed; a plain move says it moved. The e2e server keeps no answer as spam (its minimum
 * fill time is 0), so this screen's wiring is proven here, on the real data provider.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { blankField } from '../../src/custom/forms/editor/editor-state';
import { SubmissionsView } from '../../src/custom/forms/SubmissionsView';
import type { FormDetail } from '../../src/domain/forms/wire';
import { formatMessage } from '../../src/domain/messages';
import { attachRenderer, type Toast } from '../../src/providers/notification/toast-bus';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const field = (key: string, label: string, type: 'shortText' | 'email') => blankField(type, key, label);
const FORM: FormDetail = {
  id: 'f1',
  name: 'Sign-up',
  slug: 'sign-up',
  aliases: [],
  draft: [],
  contactMapping: { email: 'mail', fullName: 'name' },
  versions: [
    {
      version: 1,
      publishedAt: '2026-11-28T10:00:00.000Z',
      submissions: 0,
      fields: [field('name', 'Your name', 'shortText'), field('mail', 'Email', 'email')],
    },
  ],
  spam: 1,
  closedAt: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const KEPT = {
  id: 's1',
  version: 1,
  answers: { name: 'X', mail: 'x@example.com' },
  files: [],
  createdAt: '2026-11-29T10:00:00.000Z',
};
const paging = (total: number) => ({
  'paging-data': JSON.stringify({ currentPage: 1, pageSize: 20, totalCount: total, totalPages: 1 }),
});

/** The answers screen on the Spam switch, answering Not spam with `moved`; the toasts it shows. */
async function markNotSpam(moved: { contactRefused: Record<string, string> | null }) {
  const toasts: Toast[] = [];
  const detach = attachRenderer({ show: (toast) => toasts.push(toast), close: () => undefined });
  toasts.length = 0;
  const calls = stubFetch((url, init) => {
    if (init.method === 'POST' && url.pathname.endsWith('/not-spam')) return jsonResponse(200, { result: moved });
    const spam = url.searchParams.get('spam') === 'true';
    return jsonResponse(200, { result: spam ? [KEPT] : [] }, paging(spam ? 1 : 0));
  });
  renderInApp('/form_builder/sign-up/edit', <SubmissionsView form={FORM} />);
  fireEvent.click(await screen.findByText('Spam (1)'));
  fireEvent.click(await screen.findByRole('button', { name: 'Not spam' }));
  await waitFor(() => expect(toasts).toHaveLength(1));
  detach();
  expect(calls.some((c) => c.init.method === 'POST' && c.url.pathname.endsWith('/submissions/s1/not-spam'))).toBe(true);
  return toasts[0]!;
}

describe('Not spam on the answers screen', () => {
  it("says why no contact was saved: the field's label and the contact's message, until closed", async () => {
    const refused = formatMessage('textTooShort', { min: 2 });
    expect(await markNotSpam({ contactRefused: { 'answers.name': refused } })).toEqual({
      kind: 'notification',
      type: 'warning',
      content: 'Moved to the answers, but no contact was saved',
      description: 'The contact refused Your name: Must be at least 2 characters long',
      duration: 0,
    });
  });

  it('says it moved when the contact was saved', async () => {
    expect(await markNotSpam({ contactRefused: null })).toMatchObject({
      type: 'success',
      content: 'Moved to the answers',
    });
  });
});

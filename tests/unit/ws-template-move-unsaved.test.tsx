/**
 * A WhatsApp template's status move records the template as saved (POST …/status carries no
 * content). Marking a draft submitted with changes typed and not saved locked the stored copy while
 * the locked form and its phone preview went on showing the typed text, as if that had been
 * submitted; the typed text could then never be saved (a submitted template is locked). The
 * editor (src/custom/ws-templates/TemplateEditor.tsx) now holds the moves back until the changes
 * are saved, and says so.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TemplateEditor } from '../../src/custom/ws-templates/TemplateEditor';
import { blankTemplate } from '../../src/domain/ws-templates/rules';
import type { WsTemplateAnswer } from '../../src/domain/ws-templates/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const draft: WsTemplateAnswer = {
  ...blankTemplate(),
  name: 'offer',
  bodyExamples: ['20% off'],
  id: '0b6f7e0e-3c52-4a8e-9a7a-0d1f5b8b9c10',
  businessId: 'b1',
  businessName: 'Analytical Engines',
  status: 'draft',
  createdAt: '2026-11-30T17:00:00.000Z',
  updatedAt: '2026-11-30T17:00:00.000Z',
  history: [],
};

const SAVE_FIRST = 'Save your changes first: a status is recorded for the template as saved.';

it('holds the status moves back while typed changes are not saved, and lets them go once saved', async () => {
  const calls = stubFetch((_url, init) =>
    jsonResponse(200, { result: init.method === 'PUT' ? { ...draft, updatedAt: '2026-11-30T17:01:00.000Z' } : [] }),
  );
  renderInApp(
    '/ws_template_management/x',
    <TemplateEditor saved={draft} initial={draft} onChanged={async () => undefined} />,
    { user: storedUser({ roleName: 'CLUBOWNER' }) },
  );
  const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Mark as submitted' });
  expect(submit().disabled).toBe(false);
  expect(screen.queryByText(SAVE_FIRST)).toBeNull();

  fireEvent.change(screen.getByLabelText('Footer'), { target: { value: 'Typed, not saved' } });
  await waitFor(() => expect(submit().disabled).toBe(true));
  expect(screen.getByText(SAVE_FIRST)).toBeTruthy();
  fireEvent.click(submit());
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true));
  await waitFor(() => expect(submit().disabled).toBe(false));
  expect(screen.queryByText(SAVE_FIRST)).toBeNull();
  expect(calls.some((c) => c.url.pathname.endsWith('/status'))).toBe(false);
});

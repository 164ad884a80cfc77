/**
 * Two tabs editing one WhatsApp template: the editor (src/custom/ws-templates/TemplateEditor.tsx)
 * sends the `updatedAt` of the copy it started from with a change, so the server refuses a save
 * made over someone else's (409) instead of silently undoing it; after its own save it sends the
 * version that save answered, so saving twice in a row is not refused. A reread of the template
 * (another tab's save read back) does not become the form's version: its fields still show the
 * older copy. Before, the change carried no version and the later tab's save won.
 */
import { useState } from 'react';
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TemplateEditor } from '../../src/custom/ws-templates/TemplateEditor';
import { blankTemplate } from '../../src/domain/ws-templates/rules';
import type { WsTemplateAnswer } from '../../src/domain/ws-templates/wire';
import { MESSAGES } from '../../src/domain/messages';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const OPENED = '2026-11-30T17:00:00.000Z';
const saved = (updatedAt: string, footer = ''): WsTemplateAnswer => ({
  ...blankTemplate(),
  name: 'offer',
  bodyExamples: ['20% off'],
  footer,
  id: '0b6f7e0e-3c52-4a8e-9a7a-0d1f5b8b9c10',
  businessId: 'b1',
  businessName: 'Analytical Engines',
  status: 'draft',
  createdAt: OPENED,
  updatedAt,
  history: [],
});

const puts = (calls: { init: RequestInit }[]) =>
  calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);

it('sends the version it was opened at, then the one its own save answered', async () => {
  let version = 0;
  const calls = stubFetch((_url, init) =>
    jsonResponse(200, { result: init.method === 'PUT' ? saved(`2026-11-30T17:0${++version}:00.000Z`) : [] }),
  );
  renderInApp(
    '/ws_template_management/x',
    <TemplateEditor saved={saved(OPENED)} initial={saved(OPENED)} onChanged={async () => undefined} />,
    { user: storedUser({ roleName: 'CLUBOWNER' }) },
  );
  fireEvent.change(screen.getByLabelText('Footer'), { target: { value: 'Tab one' } });
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(puts(calls)[0]).toMatchObject({ footer: 'Tab one', updatedAt: OPENED });

  // The save is over once its button stops spinning.
  await waitFor(() => expect(screen.getByRole('button', { name: /Save/ }).className).not.toContain('ant-btn-loading'));
  fireEvent.change(screen.getByLabelText('Footer'), { target: { value: 'Tab one again' } });
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await waitFor(() => expect(puts(calls)).toHaveLength(2));
  expect(puts(calls)[1]).toMatchObject({ footer: 'Tab one again', updatedAt: '2026-11-30T17:01:00.000Z' });
});

/** The editor page's part: the template as last read, read again by the button (another tab's save on focus). */
function Reread() {
  const [copy, setCopy] = useState(saved(OPENED));
  return (
    <>
      <button type="button" onClick={() => setCopy(saved('2026-11-30T17:05:00.000Z', 'Their footer'))}>
        read again
      </button>
      <TemplateEditor saved={copy} initial={copy} onChanged={async () => undefined} />
    </>
  );
}

it('keeps its version when the template is read again, and shows the refusal keeping what was typed', async () => {
  const calls = stubFetch(() => jsonResponse(409, { message: MESSAGES.recordChangedMeanwhile, errors: {} }));
  renderInApp('/ws_template_management/x', <Reread />, { user: storedUser({ roleName: 'CLUBOWNER' }) });
  fireEvent.click(screen.getByRole('button', { name: 'read again' }));
  fireEvent.change(screen.getByLabelText('Footer'), { target: { value: 'Mine' } });
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await waitFor(() => expect(puts(calls)).toHaveLength(1));
  expect(puts(calls)[0]).toMatchObject({ footer: 'Mine', updatedAt: OPENED });
  await screen.findByText('Someone else changed this record after you opened it.');
  expect(screen.getByLabelText<HTMLInputElement>('Footer').value).toBe('Mine');
});

/**
 * A WhatsApp template's name is its business's once per language (the server answers 409 with the
 * message on `name`). The message is about the pair, so it goes when either changes: a new name, or
 * another language (src/custom/ws-templates/TemplateFields.tsx, the language's onChange). Before,
 * a new language left the refusal of the old pair on the name.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TemplateEditor } from '../../src/custom/ws-templates/TemplateEditor';
import { blankTemplate } from '../../src/domain/ws-templates/rules';
import type { WsTemplateAnswer } from '../../src/domain/ws-templates/wire';
import { formatMessage } from '../../src/domain/messages';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const saved: WsTemplateAnswer = {
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

const TAKEN = 'This business already has a template with this name for language en';

async function refusedSave() {
  const taken = formatMessage('wsNameTaken', { language: 'en' });
  stubFetch((_url, init) =>
    init.method === 'PUT'
      ? jsonResponse(409, { message: taken, errors: { name: taken } })
      : jsonResponse(200, { result: [] }),
  );
  renderInApp(
    '/ws_template_management/x',
    <TemplateEditor saved={saved} initial={saved} onChanged={async () => undefined} />,
    { user: storedUser({ roleName: 'CLUBOWNER' }) },
  );
  fireEvent.click(screen.getByRole('button', { name: /Save/ }));
  await screen.findByText(TAKEN);
}

it("clears the name's 'already taken' when the language changes", async () => {
  await refusedSave();
  const select = screen.getByRole('combobox', { name: 'Language' });
  fireEvent.mouseDown(select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find(
      (el) => el.textContent === 'Spanish (es)',
    );
    if (!found) throw new Error('no option Spanish (es)');
    return found;
  });
  fireEvent.click(option);
  await waitFor(() => expect(screen.queryByText(TAKEN)).toBeNull());
});

it("clears the name's 'already taken' when the name changes", async () => {
  await refusedSave();
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'offer_two' } });
  await waitFor(() => expect(screen.queryByText(TAKEN)).toBeNull());
});

/**
 * Deleting a template from its own page (src/custom/email-templates and ws-templates,
 * TemplateEditor.tsx) puts the list in place of that page, as the resource engine's show page
 * does: Back from the list then goes where the person was before the template, not to the
 * deleted template's page, which said 'This template does not exist' under its old name.
 */
import type { ReactNode } from 'react';
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { TemplateEditor as EmailTemplateEditor } from '../../src/custom/email-templates/TemplateEditor';
import { TemplateEditor as WsTemplateEditor } from '../../src/custom/ws-templates/TemplateEditor';
import { blankEmailTemplate } from '../../src/domain/email-templates/rules';
import type { EmailTemplateAnswer } from '../../src/domain/email-templates/wire';
import { blankTemplate } from '../../src/domain/ws-templates/rules';
import type { WsTemplateAnswer } from '../../src/domain/ws-templates/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const AT = '2026-11-30T17:00:00.000Z';

/** The browser's Back. The router starts on the template's page (its only entry). */
function WithBack({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <>
      {children}
      <button type="button" onClick={() => void navigate(-1)}>
        browser back
      </button>
    </>
  );
}

async function deleteAndGoBack(list: string) {
  fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(list));
  // The memory router moves at once: with the template's page still behind the list, Back
  // returned to it; with the list in its place there is nothing behind it here.
  fireEvent.click(screen.getByRole('button', { name: 'browser back' }));
  expect(screen.getByTestId('where').textContent).toBe(list);
}

it('a deleted email template’s page is not behind its list', async () => {
  const initial = { ...blankEmailTemplate(), name: 'Welcome' };
  const saved: EmailTemplateAnswer = {
    id: 't1',
    businessId: 'b1',
    name: 'Welcome',
    kind: initial.kind,
    currentVersion: 1,
    updatedAt: AT,
    createdAt: AT,
    current: {
      version: 1,
      subject: initial.subject,
      createdAt: AT,
      createdBy: null,
      mjml: initial.mjml ?? '',
      blocks: initial.blocks ?? null,
      html: '',
      text: '',
      findings: [],
    },
  };
  stubFetch(() => jsonResponse(200, { result: [] }));
  renderInApp(
    '/email_templates_management/t1/email_template_setup',
    <WithBack>
      <EmailTemplateEditor saved={saved} initial={initial} onChanged={async () => undefined} />
    </WithBack>,
    { user: storedUser({ roleName: 'CLUBOWNER' }) },
  );
  await deleteAndGoBack('/email_templates_management');
});

it('a deleted WhatsApp template’s page is not behind its list', async () => {
  const saved: WsTemplateAnswer = {
    ...blankTemplate(),
    name: 'offer',
    bodyExamples: ['20% off'],
    id: 'w1',
    businessId: 'b1',
    businessName: 'Analytical Engines',
    status: 'draft',
    createdAt: AT,
    updatedAt: AT,
    history: [],
  };
  stubFetch(() => jsonResponse(200, { result: [] }));
  renderInApp(
    '/ws_template_management/w1',
    <WithBack>
      <WsTemplateEditor saved={saved} initial={saved} onChanged={async () => undefined} />
    </WithBack>,
    { user: storedUser({ roleName: 'CLUBOWNER' }) },
  );
  await deleteAndGoBack('/ws_template_management');
});

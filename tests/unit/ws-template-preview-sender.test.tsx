/**
 * A new WhatsApp template's phone preview (src/custom/ws-templates/TemplateEditor.tsx) showed
 * "Your business" as the chat's sender until the template was saved; it shows the signed-in
 * person's business's name at once, as the saved template does.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TemplateEditor } from '../../src/custom/ws-templates/TemplateEditor';
import { blankTemplate } from '../../src/domain/ws-templates/rules';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
beforeEach(() => stubFetch(() => jsonResponse(200, { result: [] })));

const senderShown = () =>
  within(document.querySelector<HTMLElement>('.ws-phone-bar')!).getByText(/./, { selector: '.ws-phone-sender' })
    .textContent;

it('heads a new template’s preview with the business’s name', () => {
  renderInApp(
    '/ws_template_management/new',
    <TemplateEditor initial={blankTemplate()} onChanged={async () => undefined} />,
    { user: storedUser({ roleName: 'CLUBOWNER' }) },
  );
  expect(senderShown()).toBe('Analytical Engines');
  expect(screen.queryByText('Your business')).toBeNull();
});

it('keeps the generic sender for someone with no business (a platform template)', () => {
  renderInApp(
    '/ws_template_management/new',
    <TemplateEditor initial={blankTemplate()} onChanged={async () => undefined} />,
    { user: storedUser({ roleName: 'ADMIN', business: null }) },
  );
  expect(senderShown()).toBe('Your business');
});

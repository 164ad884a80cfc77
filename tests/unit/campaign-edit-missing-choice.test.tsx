/**
 * A draft campaign whose email template was deleted (a draft does not hold its template back) or
 * whose sender is no longer a verified one: its edit form showed the gone record's id (a UUID) in
 * the Template or Sender box, as if it were a choice, and asked the server to preview with it (a
 * 400 each time). The box is empty instead, saying what to choose when the draft is saved, and no
 * preview is asked for until a template is chosen.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../src/domain/messages';
import CampaignFormPage from '../../src/custom/campaigns/CampaignFormPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { CAMPAIGN_OPTIONS, campaignRow } from './helpers/campaigns';

beforeAll(async () => {
  await initEnglish();
});

const ID = '5d1f0c2a-0000-4000-8000-0000000000c3';
const GONE_TEMPLATE = 'fb1a2d35-67d7-4cf2-a763-fb4d1671e7cf';
const GONE_SENDER = '9c67f940-7bea-4c9d-9641-29ef2a6e1536';

it('leaves a deleted template and an unverified sender out of the form, asking for them on save', async () => {
  const draft = { ...campaignRow(ID, 'draft'), templateId: GONE_TEMPLATE, senderId: GONE_SENDER };
  const calls = stubFetch((url) => {
    if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: CAMPAIGN_OPTIONS });
    if (url.pathname.endsWith('/audience'))
      return jsonResponse(200, { result: { count: 1, sample: [{ id: 'c1', name: 'Ann', email: 'ann@example.com' }] } });
    if (url.pathname.endsWith('/preview'))
      return jsonResponse(400, { message: MESSAGES.emailTemplateNotFound, errors: {} });
    return jsonResponse(200, { result: draft });
  });
  renderInApp(`/email_campaigns/${ID}/edit`, <CampaignFormPage />, {
    route: '/email_campaigns/:campaignId/edit',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  await screen.findByLabelText('Name');
  expect(document.body.textContent).not.toContain(GONE_TEMPLATE);
  expect(document.body.textContent).not.toContain(GONE_SENDER);

  fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
  await screen.findByText(MESSAGES.campaignTemplateRequired);
  await screen.findByText(MESSAGES.campaignSenderRequired);
  expect(calls.filter((c) => c.init.method === 'PUT')).toEqual([]);
  await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/audience'))).toBe(true));
  expect(calls.filter((c) => c.url.pathname.endsWith('/preview'))).toEqual([]);
});

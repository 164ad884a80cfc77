/**
 * A campaign name the business already uses (case aside) is refused by the server with 409 on the
 * name field (tests/api/campaigns-rules.test.ts); the campaign form shows that message under its
 * Name field and keeps what was typed.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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

const ID = '5d1f0c2a-0000-4000-8000-0000000000e7';

it('shows a taken name under the Name field, the typed name kept', async () => {
  const calls = stubFetch((url, init) => {
    if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: CAMPAIGN_OPTIONS });
    if (url.pathname.endsWith('/audience'))
      return jsonResponse(200, { result: { count: 1, sample: [{ id: 'c1', name: 'Ann', email: 'ann@example.com' }] } });
    // No preview drawn (its frame is not this test's subject).
    if (url.pathname.endsWith('/preview'))
      return jsonResponse(400, { message: MESSAGES.emailTemplateNotFound, errors: {} });
    if (init.method === 'PUT')
      return jsonResponse(409, { message: MESSAGES.campaignNameTaken, errors: { name: MESSAGES.campaignNameTaken } });
    return jsonResponse(200, { result: campaignRow(ID, 'draft') });
  });
  renderInApp(`/email_campaigns/${ID}/edit`, <CampaignFormPage />, {
    route: '/email_campaigns/:campaignId/edit',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
  fireEvent.change(name, { target: { value: 'NEW YEAR GALA' } });
  fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
  const said = await screen.findByText('You already have a campaign with this name. Choose another name');
  expect(said.closest('.ant-form-item')?.querySelector('input')).toBe(name);
  expect(name.value).toBe('NEW YEAR GALA');
  const puts = calls.filter((c) => c.init.method === 'PUT');
  expect(puts).toHaveLength(1);
  // No hourly limit is sent as null (the server also takes it left out as null: campaigns-rules.test.ts).
  expect(JSON.parse(String(puts[0]!.init.body))).toMatchObject({ hourlyCap: null });
});

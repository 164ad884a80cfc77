/**
 * A campaign's edit form against another tab's save: it starts from the draft as stored (read
 * afresh on opening), sends the `updatedAt` it started from with Save draft, and a 409 because
 * the draft was saved meanwhile is shown on the form with its message (the server's side:
 * tests/api/campaigns-race.test.ts).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../src/domain/messages';
import * as toastBus from '../../src/providers/notification/toast-bus';
import CampaignFormPage from '../../src/custom/campaigns/CampaignFormPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { CAMPAIGN_AT, CAMPAIGN_OPTIONS, campaignRow } from './helpers/campaigns';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ID = '5d1f0c2a-0000-4000-8000-0000000000c2';
const AT = CAMPAIGN_AT;
const draft = campaignRow(ID, 'draft');
const options = CAMPAIGN_OPTIONS;

describe('the edit form of a draft another tab saved', () => {
  it('sends the updatedAt it started from and shows the 409’s message', async () => {
    const calls = stubFetch((url, init) => {
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: options });
      if (url.pathname.endsWith('/audience')) return jsonResponse(200, { result: { count: 0, sample: [] } });
      if (init.method === 'PUT') return jsonResponse(409, { message: MESSAGES.campaignChangedMeanwhile, errors: {} });
      return jsonResponse(200, { result: draft });
    });
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    renderInApp(`/email_campaigns/${ID}/edit`, <CampaignFormPage />, {
      route: '/email_campaigns/:campaignId/edit',
      user: storedUser({ roleName: 'CLUBOWNER' }),
    });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Gala night' } });
    fireEvent.click(screen.getByRole('button', { name: /Save draft/ }));
    await screen.findByText(MESSAGES.campaignChangedMeanwhile);
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body))).toMatchObject({ name: 'Gala night', updatedAt: AT });
    // Still on the form with what was typed: nothing is lost, nothing saved over the other tab's.
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Gala night'));
  });
});

describe('the edit page of a campaign that is no longer a draft', () => {
  it('says it cannot change and links to its page, with no form to fill and have refused', async () => {
    for (const status of ['sending', 'sent', 'scheduled'] as const) {
      stubFetch((url) => {
        if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: options });
        if (url.pathname.endsWith('/audience')) return jsonResponse(200, { result: { count: 0, sample: [] } });
        return jsonResponse(200, { result: campaignRow(ID, status) });
      });
      renderInApp(`/email_campaigns/${ID}/edit`, <CampaignFormPage />, {
        route: '/email_campaigns/:campaignId/edit',
        user: storedUser({ roleName: 'CLUBOWNER' }),
      });
      await screen.findByText(MESSAGES.campaignNotEditable);
      expect(screen.getByRole('link', { name: 'Open Gala' }).getAttribute('href')).toBe(`/email_campaigns/${ID}`);
      expect(screen.queryByRole('button', { name: /Save draft/ })).toBeNull();
      expect(screen.queryByLabelText('Name')).toBeNull();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

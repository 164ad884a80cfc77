/**
 * The campaign form's Sender and Template boxes each have one accessible name, given by their
 * label (the label's `for` names the combobox). They were named twice: the label and an
 * aria-label on the select, which antd also wrote on the outer box, so a screen reader met two
 * "Sender" controls and a search by label found two.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { CAMPAIGN_OPTIONS, openNewCampaignForm } from './helpers/campaigns';

beforeAll(async () => {
  await initEnglish();
});

it('names the Sender and the Template box once each, on their combobox', async () => {
  stubFetch((url) => {
    if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: CAMPAIGN_OPTIONS });
    return jsonResponse(200, { result: { count: 0, sample: [] } });
  });
  openNewCampaignForm();
  await screen.findByLabelText('Name');
  for (const label of ['Sender', 'Template']) {
    const named = screen.getAllByLabelText(label);
    expect(
      named.map((e) => e.getAttribute('role')),
      label,
    ).toEqual(['combobox']);
    expect(screen.getAllByRole('combobox', { name: label }), label).toHaveLength(1);
    expect(document.querySelectorAll(`[aria-label="${label}"]`), label).toHaveLength(0);
  }
});

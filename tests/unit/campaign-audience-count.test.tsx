/**
 * The campaign form's audience count (src/custom/campaigns/use-audience.ts) says nothing about a
 * segment it cannot count: with a condition still empty it asks for the value instead of leaving
 * the last count ("20 contacts match now" stood beside "Tag has VIP" and an empty condition), and
 * counts again once every condition is filled.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { CAMPAIGN_OPTIONS, openNewCampaignForm } from './helpers/campaigns';

beforeAll(async () => {
  await initEnglish();
});

describe('the audience count of a new campaign', () => {
  it('asks for every condition before it counts, and counts the complete segment', async () => {
    const counted: unknown[] = [];
    stubFetch((url, init) => {
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: CAMPAIGN_OPTIONS });
      if (url.pathname.endsWith('/audience')) {
        const { segment } = JSON.parse(String(init.body)) as { segment: { conditions: unknown[] } };
        counted.push(segment);
        return jsonResponse(200, { result: { count: segment.conditions.length ? 3 : 20, sample: [] } });
      }
      return jsonResponse(200, { result: null });
    });
    openNewCampaignForm();
    const count = await screen.findByTestId('audience-count');
    await waitFor(() => expect(count.textContent).toContain('20 contacts match now'));
    fireEvent.click(screen.getByRole('button', { name: /Add condition/ }));
    await waitFor(() => expect(count.textContent).toBe('Fill in every condition to count who matches.'));
    const asked = counted.length;
    fireEvent.change(screen.getByRole('textbox', { name: /value/i }), { target: { value: 'vip' } });
    await waitFor(() => expect(count.textContent).toBe('3 contacts match now'));
    expect(counted.length).toBe(asked + 1);
  });
});

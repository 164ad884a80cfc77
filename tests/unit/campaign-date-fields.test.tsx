/**
 * The campaign screens' date pickers reach their form. Both sat inside <Suspense> as the
 * Form.Item's child, so the item's value and onChange went to Suspense: "Send at a date and time"
 * always answered "Enter the date and time to send" with the typed date gone from the box, and a
 * "Created before / after" condition never had a value. Fails without DateField.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { CampaignInput } from '../../src/domain/campaigns/rules';
import type { CampaignReport } from '../../src/domain/campaigns/wire';
import * as toastBus from '../../src/providers/notification/toast-bus';
import CampaignPage from '../../src/custom/campaigns/CampaignPage';
import { SegmentBuilder } from '../../src/custom/campaigns/SegmentBuilder';
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

const ID = '5d1f0c2a-0000-4000-8000-0000000000d1';
/** A send date the form takes whenever the test runs: the last day of next year (a fixed date would pass into the past). */
const NEXT_YEAR = new Date().getFullYear() + 1;
const report: CampaignReport = {
  status: 'draft',
  audienceSize: null,
  queued: 0,
  skipped: 0,
  counts: { sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0, complained: 0 },
  series: [],
  outsideWindow: false,
  ab: null,
};

/** Types a date into the picker named `label` as a person does (once it has loaded), and confirms it with Enter. */
async function typeDate(label: string, text: string) {
  const input = await waitFor(() => {
    const box = screen.getByLabelText(label) as HTMLInputElement;
    expect(box.disabled).toBe(false);
    return box;
  });
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  await waitFor(() => expect(input.value).toBe(text));
}

describe('the campaign date pickers', () => {
  it('schedules at the date and time typed', async () => {
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/schedule')) return jsonResponse(200, { result: campaignRow(ID, 'scheduled') });
      if (url.pathname.endsWith('/report')) return jsonResponse(200, { result: report });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: CAMPAIGN_OPTIONS });
      return jsonResponse(200, { result: campaignRow(ID, 'draft') });
    });
    renderInApp(`/email_campaigns/${ID}`, <CampaignPage />, {
      route: '/email_campaigns/:campaignId',
      user: storedUser({ roleName: 'CLUBOWNER' }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Send at a date and time' }));
    await typeDate('Date', `12/31/${NEXT_YEAR}`);
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('button', { name: /Schedule/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/schedule'))).toBe(true));
    const schedule = calls.find((c) => c.url.pathname.endsWith('/schedule'))!;
    expect(JSON.parse(String(schedule.init.body))).toEqual({
      mode: 'at',
      date: `${NEXT_YEAR}-12-31`,
      time: '21:00',
      updatedAt: CAMPAIGN_AT,
    });
    expect(screen.queryByText('Enter the date and time to send')).toBeNull();
  });

  it('gives a "Created before" condition the date typed', async () => {
    let form: ReturnType<typeof Form.useForm<CampaignInput>>[0] | undefined;
    function Harness() {
      const [f] = Form.useForm<CampaignInput>();
      form = f;
      return (
        <Form
          form={f}
          initialValues={{ segment: { match: 'all', conditions: [{ field: 'createdAt', op: 'before', value: '' }] } }}
        >
          <SegmentBuilder
            form={f}
            rules={() => []}
            audience={{ data: null, busy: false, incomplete: true }}
            campaigns={[]}
          />
        </Form>
      );
    }
    render(<Harness />);
    await typeDate('Value of condition 1', '10/01/2026');
    await waitFor(() => expect(form!.getFieldValue(['segment', 'conditions', 0, 'value'])).toBe('2026-10-01'));
  });
});

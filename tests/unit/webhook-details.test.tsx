/**
 * An endpoint's page (src/custom/webhooks/WebhookDetailsPage.tsx): an endpoint saved without a
 * description (the form's default, '') showed a blank row with neither label nor value between
 * the URL and the events; every row now has its label.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import WebhookDetailsPage from '../../src/custom/webhooks/WebhookDetailsPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const ID = '22222222-2222-4222-8222-222222222222';
const endpoint = (description: string) => ({
  id: ID,
  url: 'https://hooks.example.com/in',
  description,
  events: ['reservation.created'],
  active: true,
  secret: 'whsec_0123456789',
  createdAt: '2026-11-30T06:00:00.000Z',
  updatedAt: '2026-11-30T06:00:00.000Z',
});

async function rowLabels(description: string) {
  stubFetch((url) =>
    url.pathname.endsWith('/deliveries')
      ? jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ totalCount: 0 }) })
      : jsonResponse(200, { result: endpoint(description) }),
  );
  const { container } = renderInApp(`/settings/webhooks/${ID}`, <WebhookDetailsPage />, {
    route: '/settings/webhooks/:webhookId',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  await screen.findByText('https://hooks.example.com/in');
  return [...container.querySelectorAll('.ant-descriptions-row')].map(
    (row) => row.querySelector('.ant-descriptions-item-label')?.textContent ?? '',
  );
}

it('draws no blank row for an endpoint without a description', async () => {
  const labels = await rowLabels('');
  expect(labels).not.toContain('');
  expect(labels).not.toContain('Description');
});

it('shows the description when there is one', async () => {
  expect(await rowLabels('Our CRM')).toContain('Description');
  expect(screen.getByText('Our CRM')).toBeTruthy();
});

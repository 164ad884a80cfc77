/**
 * Conversations at an address whose domain is not one of the owner's (a bell notification's link
 * to a domain deleted since, another business's domain, a mangled id): the Domain box showed the
 * raw id and a red "The conversations could not be loaded." (the server's 404 or 400), as if
 * something had failed. It now says the domain is not theirs, as the bot's settings do, and the
 * Domain box shows no id, for them to choose one of their own.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import InboxPage from '../../src/custom/chat/InboxPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const GONE = '99999999-9999-4999-8999-999999999999';
const paging = (total: number) => ({
  'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: total, totalPages: 1 }),
});

beforeAll(async () => {
  await initEnglish();
});

it.each([
  ['a domain that is not theirs', GONE],
  ['a mangled id', 'not-a-domain'],
])('says the domain is not theirs for %s, not that loading failed', async (_case, id) => {
  stubFetch((url) => {
    if (url.pathname.endsWith('/domains'))
      return jsonResponse(200, { result: [{ id: DOMAIN, name: 'club.example' }] }, paging(1));
    if (url.searchParams.get('domainId') !== DOMAIN)
      return jsonResponse(url.searchParams.get('domainId') === GONE ? 404 : 400, { message: 'Not found', errors: {} });
    return jsonResponse(200, { result: [] }, paging(0));
  });
  renderInApp(`/conversations?domain=${id}&open=22222222-2222-4222-8222-222222222222`, <InboxPage />, {
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  await screen.findByText('This domain is not one of yours.');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('The conversations could not be loaded.')).toBeNull();
  expect(screen.queryByText(id)).toBeNull();
  expect(screen.queryByText('Choose a conversation to read it.')).toBeNull();
});

/**
 * A double-click is one request: "Check now" on a domain asked DNS twice and "Mail a new code" on
 * a pending sender mailed two codes, as the email templates' Send test did (b6f10ae): the second
 * press came before the button was drawn busy. Each press is now held while its request is out.
 */
import { beforeAll, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import DomainAuthenticatePage from '../../src/custom/domains/DomainAuthenticatePage';
import { DOMAINS_API } from '../../src/domain/domains/constants';
import { SENDERS_API } from '../../src/domain/senders/constants';
import { SenderCodePanel } from '../../src/resources/senders/screens/SenderCodePanel';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const DOMAIN_ID = '33333333-3333-4333-8333-333333333333';
const records = {
  id: DOMAIN_ID,
  name: 'mail.example.com',
  unicodeName: 'mail.example.com',
  status: 'pending',
  selector: 's1',
  records: [],
  lastCheck: null,
};

/** A server answer held until the test lets it go, so the first request is still out at the second press. */
function held() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release };
}

it('"Check now" pressed twice quickly checks the domain once', async () => {
  const { gate, release } = held();
  const calls = stubFetch(async (url) => {
    if (url.pathname === DOMAINS_API.authenticate) await gate;
    return jsonResponse(200, { result: records });
  });
  renderInApp(`/settings/domains/${DOMAIN_ID}/authenticate`, <DomainAuthenticatePage />, {
    route: '/settings/domains/:domainId/authenticate',
  });
  const button = await screen.findByRole('button', { name: /Check now/ });
  fireEvent.click(button);
  fireEvent.click(button);
  await act(async () => release());
  await waitFor(() =>
    expect(calls.filter((c) => c.url.pathname === DOMAINS_API.records).length).toBeGreaterThanOrEqual(2),
  );
  expect(calls.filter((c) => c.url.pathname === DOMAINS_API.authenticate)).toHaveLength(1);
  // Once the check is back, the next press checks again.
  fireEvent.click(button);
  await waitFor(() => expect(calls.filter((c) => c.url.pathname === DOMAINS_API.authenticate)).toHaveLength(2));
});

it('"Mail a new code" pressed twice quickly mails one code', async () => {
  const { gate, release } = held();
  const calls = stubFetch(async (url) => {
    if (url.pathname === SENDERS_API.resend) await gate;
    return jsonResponse(200, { result: { id: 'sender-1' } });
  });
  renderInApp('/', <SenderCodePanel sender={{ id: 'sender-1', status: 'pending', address: 'news@example.com' }} />);
  const button = screen.getByRole('button', { name: 'Mail a new code' });
  fireEvent.click(button);
  fireEvent.click(button);
  await act(async () => release());
  // The code's request is back when the button takes presses again.
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  expect(calls.filter((c) => c.url.pathname === SENDERS_API.resend)).toHaveLength(1);
  fireEvent.click(button);
  await waitFor(() => expect(calls.filter((c) => c.url.pathname === SENDERS_API.resend)).toHaveLength(2));
});

/**
 * The inbox's list (src/custom/chat/ContactList.tsx): a conversation whose last message is the
 * system's (the visitor asked for a person) said "Waiting for a person" twice, as its last line
 * and as its state tag. It says it once, in the tag; a real last message still shows.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ContactList } from '../../src/custom/chat/ContactList';
import type { Contact } from '../../src/domain/chat/wire';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
// The app around the list asks the server for the signed-in user's things: nothing to say here.
beforeEach(() => stubFetch(() => jsonResponse(200, { result: [] })));

const contact = (over: Partial<Contact>): Contact => ({
  id: '11111111-1111-4111-8111-111111111111',
  domainId: '22222222-2222-4222-8222-222222222222',
  visitorName: 'Vera',
  state: 'waiting',
  memberId: null,
  memberName: null,
  archived: false,
  lastSeq: 3,
  lastMessage: '',
  lastAuthor: 'system',
  lastMessageAt: '2026-11-30T13:00:00.000Z',
  unread: 0,
  answers: [],
  ...over,
});

it('says "Waiting for a person" once for a chat waiting for a person', () => {
  renderInApp('/', <ContactList contacts={[contact({})]} openId={null} onOpen={() => undefined} />);
  const row = screen.getByRole('button', { name: /Vera/ });
  expect(within(row).getAllByText('Waiting for a person')).toHaveLength(1);
});

it('still shows the last thing the visitor wrote', () => {
  renderInApp(
    '/',
    <ContactList
      contacts={[contact({ lastAuthor: 'visitor', lastMessage: 'Can I talk to someone?' })]}
      openId={null}
      onOpen={() => undefined}
    />,
  );
  const row = screen.getByRole('button', { name: /Vera/ });
  within(row).getByText('Can I talk to someone?');
  expect(within(row).getAllByText('Waiting for a person')).toHaveLength(1);
});

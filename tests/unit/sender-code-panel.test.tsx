/**
 * A pending sender's code (src/resources/senders/screens/SenderCodePanel.tsx) is one of its page's
 * panels, framed and titled as the others are (the history under it, a ticket's comments): drawn
 * bare, its field and buttons sat on the page's background between two cards, as if left over.
 */
import { beforeAll, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SenderCodePanel } from '../../src/resources/senders/screens/SenderCodePanel';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

it('draws the code field and its buttons in a titled panel of the page', () => {
  renderInApp('/', <SenderCodePanel sender={{ id: 'sender-1', status: 'pending', address: 'news@example.com' }} />);
  const panel = screen.getByRole('region', { name: 'Verify this address' });
  expect(panel.classList.contains('engine-section')).toBe(true);
  within(panel).getByText('We mailed a 6-digit code to news@example.com. Enter it to send mail from this address.');
  within(panel).getByRole('textbox', { name: 'Code' });
  within(panel).getByRole('button', { name: 'Verify' });
  within(panel).getByRole('button', { name: 'Mail a new code' });
});

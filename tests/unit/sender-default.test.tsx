/**
 * A sender's edit form (the generated one: src/resources/senders) refuses to make a sender the
 * default while its address waits for its code, saying why under Default sender and sending
 * nothing; the server refuses it too (tests/api/senders.test.ts), with the same rule
 * (src/domain/senders/default-sender.ts). A verified sender is made the default as before.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { resourceNamed } from '../../src/resources/registry';
import { ResourceEdit } from '../../src/resources/engine/ResourceForm';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

const senders = resourceNamed('senders')!;
const OPENED = '2026-11-20T15:04:00.000Z';
const sender = (status: 'pending' | 'verified') => ({
  id: '0b7c1d2e-0000-4000-8000-00000000000a',
  businessId: '0b7c1d2e-0000-4000-8000-00000000000b',
  displayName: 'Club news',
  address: 'news@gmail.test',
  replyTo: null,
  isDefault: false,
  status,
  verifiedAt: status === 'verified' ? OPENED : null,
  createdAt: OPENED,
  updatedAt: OPENED,
});

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The edit form of a sender in `status`, Default sender turned on and saved; answers the PUTs sent. */
async function makeDefault(status: 'pending' | 'verified') {
  const calls = stubFetch((url, init) => {
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return jsonResponse(200, { result: { ...sender(status), ...body, updatedAt: '2026-11-20T15:10:00.000Z' } });
    }
    return jsonResponse(200, { result: sender(status) });
  });
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  renderInApp(`/settings/senders/${sender(status).id}/edit`, <ResourceEdit resource={senders} />, {
    route: '/settings/senders/:id/edit',
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  await screen.findByDisplayValue('Club news');
  fireEvent.click(screen.getByRole('switch', { name: 'Default sender' }));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return () => calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)) as object);
}

describe("a sender's Default sender", () => {
  it('waiting for its code: the form says why it cannot be the default yet, and sends nothing', async () => {
    const puts = await makeDefault('pending');
    expect(
      await screen.findByText('Only a verified sender can be the default. Verify this address first'),
    ).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('verified: it is made the default', async () => {
    const puts = await makeDefault('verified');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ id: sender('verified').id, isDefault: true });
  });
});

/**
 * A generated form's fields tell a screen reader what antd's Form.Item knows (FieldAria): a
 * required field says "required" on the element that is read (a text box, a money box, a select's
 * combobox), and a refused field is marked invalid and described by its message, so the message is
 * read with the field. Before, FieldInput dropped them: only the label's asterisk showed it.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { resourceNamed } from '../../src/resources/registry';
import { ResourceCreate } from '../../src/resources/engine/ResourceForm';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a generated form read by a screen reader', () => {
  it('marks required fields required, and a refused one invalid and described by its message', async () => {
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(200, { result: [] }));
    renderInApp('/deal_management/create', <ResourceCreate resource={resourceNamed('deals')!} />, {
      route: '/deal_management/create',
      user: storedUser({ roleName: 'ADMIN' }),
    });
    const title = screen.getByLabelText('Title');
    for (const label of ['Title', 'Value', 'Stage'])
      expect(screen.getByLabelText(label).getAttribute('aria-required'), label).toBe('true');
    // Not required: nothing said.
    expect(screen.getByLabelText('Notes').getAttribute('aria-required')).toBeNull();
    // A select says it on its combobox only (the app's Select: antd 5 also wrote it on the outer div).
    expect(screen.getByLabelText('Stage').closest('.ant-select')?.getAttribute('aria-required')).toBeNull();

    fireEvent.change(title, { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const message = await screen.findByText('Must be at least 2 characters long');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (title.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.some((id) => id && document.getElementById(id)?.contains(message))).toBe(true);
  });

  it('says "required" on a markdown field\'s text area too', () => {
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(200, { result: [] }));
    renderInApp('/plan_management/create', <ResourceCreate resource={resourceNamed('plans')!} />, {
      route: '/plan_management/create',
      user: storedUser({ roleName: 'ADMIN' }),
    });
    const description = screen.getByLabelText('Description');
    expect(description.tagName).toBe('TEXTAREA');
    expect(description.getAttribute('aria-required')).toBe('true');
  });

  it("describes an image field's upload button by the refused file's message and the hint", async () => {
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(200, { result: [] }));
    const { container } = renderInApp(
      '/product_catalogue/add',
      <ResourceCreate resource={resourceNamed('products')!} />,
      { route: '/product_catalogue/add', user: storedUser({ roleName: 'USER' }) },
    );
    const button = screen.getByRole('button', { name: 'Choose a picture' });
    const describers = () =>
      (button.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id));
    // Before any file: the hint says what it takes.
    expect(describers().some((el) => el?.textContent === 'PNG, JPEG or WebP, up to 5 MB')).toBe(true);
    // A picture over the size limit: refused on its field, and the button reads the message with it.
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [big] } });
    const message = await screen.findByText(/^The picture must be at most/);
    await waitFor(() => expect(button.getAttribute('aria-invalid')).toBe('true'));
    expect(describers().some((el) => el?.contains(message))).toBe(true);
  });
});

/**
 * The form editor page's heading intro (public address, version, Rename) is built from antd's
 * Space, a div: PagePanel must not put it inside a <p>, or React reports "<div> cannot be a
 * descendant of <p>" (invalid HTML that screen readers and hydration trip on).
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import FormEditorPage from '../../src/custom/forms/FormEditorPage';
import { formDetail } from './helpers/forms';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const form = formDetail();

it('renders its intro without nesting blocks inside a paragraph', async () => {
  const error = vi.spyOn(console, 'error');
  stubFetch(() => jsonResponse(200, { result: form }));
  renderInApp('/form_builder/partner-enquiry/edit', <FormEditorPage />, {
    route: '/form_builder/:slug/edit',
    user: storedUser({ roleName: 'ADMIN', business: null }),
  });

  const rename = await screen.findByText('Name and address');
  const nesting = error.mock.calls.filter((args) => args.some((a) => String(a).includes('cannot be a descendant')));
  expect(nesting).toEqual([]);
  expect(rename.closest('p')).toBeNull();
});

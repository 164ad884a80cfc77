import { afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { UserMenu } from '../../src/custom/layout/UserMenu';
import { userData } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});
afterEach(cleanup);

it("names the account button with the words it shows, name and role (WCAG 2.5.3, axe's label-content-name-mismatch)", () => {
  renderInApp('/profile', <UserMenu user={userData({ firstName: 'Ada', lastName: 'Admin', roleName: 'ADMIN' })} />);
  const button = screen.getByRole('button', { name: 'Account menu for Ada Admin, Administrator' });
  // The wide header shows the name and the role beside the initials (a phone, the initials only).
  const shown = [...button.querySelectorAll('.layout-identity > span')].map((span) => span.textContent);
  expect(shown).toEqual(['Ada Admin', 'Administrator']);
  // The initials only repeat the name: hidden from the name, they are not words it must hold.
  expect(button.querySelector('.layout-user__avatar')!.getAttribute('aria-hidden')).toBe('true');
});

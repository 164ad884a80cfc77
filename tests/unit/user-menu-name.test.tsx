import { beforeAll, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { UserMenu } from '../../src/custom/layout/UserMenu';
import { userData } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

it("names the account button with the words it shows, name and role (WCAG 2.5.3, axe's label-content-name-mismatch)", () => {
  renderInApp('/profile', <UserMenu user={userData({ firstName: 'Ada', lastName: 'Admin', roleName: 'ADMIN' })} />);
  const button = screen.getByRole('button', { name: 'Account menu for Ada Admin, Administrator' });
  // The wide header shows the name and the role beside the initials (a phone, the initials only).
  // axe reads the shown words as the text in order (a space between the spans, or 'AdminAdministrator').
  expect(button.querySelector('.layout-identity')!.textContent).toBe('Ada Admin Administrator');
  // The initials only repeat the name: drawn by CSS from an attribute, they are no text the name must hold.
  const avatar = button.querySelector('.layout-user__avatar')!;
  expect(avatar.getAttribute('data-initials')).toBe('AA');
  expect(avatar.textContent).toBe('');
  expect(avatar.getAttribute('aria-hidden')).toBe('true');
});

/**
 * A built-in role's description, while it is still the one the product seeded, reads in the
 * screen's language on the roles list and in its edit form (the `seeded` field option); a
 * description an administrator typed reads as typed, and an untouched form does not write the
 * translation back.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { BUILT_IN_ROLE_DESCRIPTIONS } from '../../src/domain/roles';
import { resourceNamed } from '../../src/resources/registry';
import ResourceList from '../../src/resources/engine/ResourceList';
import { ResourceEdit } from '../../src/resources/engine/ResourceForm';
import { initialFormValues, toApiBody } from '../../src/resources/engine/form-values';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { renderInApp } from './helpers/render-in-app';

const roles = resourceNamed('roles')!;
const at = '2026-11-20T15:04:00.000Z';
const role = (id: string, name: string, description: string | null, builtIn = true) => ({
  id,
  name,
  description,
  builtIn,
  createdAt: at,
  updatedAt: at,
});
const admin = role('0b7c1d2e-0000-4000-8000-000000000001', 'ADMIN', BUILT_IN_ROLE_DESCRIPTIONS.ADMIN);
const it_ = role('0b7c1d2e-0000-4000-8000-000000000002', 'IT', 'Our help desk, typed by an administrator');
const dispatch = role('0b7c1d2e-0000-4000-8000-000000000003', 'Dispatch', BUILT_IN_ROLE_DESCRIPTIONS.MOVER, false);

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'es',
    fallbackLng: 'en',
    resources: { en: { translation: en }, es: { translation: es } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderAt(path: string, route: string, element: React.ReactNode) {
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  return renderInApp(path, element, { route, user: storedUser({ roleName: 'ADMIN' }) });
}

describe("a built-in role's description in Spanish", () => {
  it('the list shows the seeded one in Spanish and a typed one as typed', async () => {
    stubFetch((url) => {
      if (url.pathname.startsWith('/api/User/preferences/')) return jsonResponse(200, { result: { hidden: [] } });
      return jsonResponse(200, { result: [admin, it_, dispatch] });
    });
    renderAt('/role_management', '/role_management', <ResourceList resource={roles} />);
    const table = await screen.findByRole('table');
    await within(table).findByText('ADMIN');
    expect(
      within(table).getByText('Administradores de la plataforma: usuarios, planes, roles, CRM y estado del sistema'),
    ).toBeTruthy();
    expect(within(table).queryByText(BUILT_IN_ROLE_DESCRIPTIONS.ADMIN)).toBeNull();
    expect(within(table).getByText('Our help desk, typed by an administrator')).toBeTruthy();
    // An added role's description is its own, even when it reads like a built-in's.
    expect(within(table).getByText(BUILT_IN_ROLE_DESCRIPTIONS.MOVER)).toBeTruthy();
  });

  it('the edit form starts with it in Spanish and sends only what the administrator typed', async () => {
    const calls = stubFetch((_url, init) => {
      if (init.method === 'PATCH') return jsonResponse(200, { result: admin });
      return jsonResponse(200, { result: admin });
    });
    renderAt(`/role_management/${admin.id}/edit`, '/role_management/:id/edit', <ResourceEdit resource={roles} />);
    const spanish = 'Administradores de la plataforma: usuarios, planes, roles, CRM y estado del sistema';
    // Untouched, the translation is no change, so it is never stored in place of the seeded text.
    const initial = initialFormValues(roles, 'update', admin, i18n.t);
    expect(initial.description).toBe(spanish);
    expect(toApiBody(roles, 'update', initial, initial)).toEqual({});
    expect(await screen.findByDisplayValue(spanish)).toBeTruthy();
    fireEvent.change(screen.getByDisplayValue(spanish), { target: { value: 'Administración de la plataforma' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init.body))).toEqual({
      description: 'Administración de la plataforma',
      updatedAt: at,
    });
  });
});

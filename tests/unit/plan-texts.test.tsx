/**
 * A seeded plan's name and description read in the screen's language wherever they are shown: the
 * admin's plan screens (the engine's `seeded` option, page and form titles included), the checkout's
 * plan, and the server's plan-limit refusal; a name or description an administrator typed reads as
 * typed. A built-in role's description reads in Spanish on its page too (the same option).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { DOCUMENT_MESSAGES, pagesLimitText, quotaText } from '../../src/domain/documents/documents';
import { SEEDED_PLAN_DESCRIPTIONS } from '../../src/domain/plan-texts';
import { BUILT_IN_ROLE_DESCRIPTIONS } from '../../src/domain/roles';
import { resourceNamed } from '../../src/resources/registry';
import ResourceShow from '../../src/resources/engine/ResourceShow';
import { ResourceEdit } from '../../src/resources/engine/ResourceForm';
import { initialFormValues, toApiBody } from '../../src/resources/engine/form-values';
import { PlanSummary } from '../../src/custom/payments/checkout/PlanSummary';
import { documentMessage } from '../../src/custom/documents/document-messages';
import { planDescription, planName } from '../../src/ui/plan-text';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { renderInApp } from './helpers/render-in-app';
import { initEnglish, switchLanguage } from './helpers/i18n';

const plans = resourceNamed('plans')!;
const roles = resourceNamed('roles')!;
const at = '2026-11-20T15:04:00.000Z';
const free = {
  id: '0b7c1d2e-0000-4000-8000-000000000011',
  name: 'Free',
  priceCents: 0,
  quota: 10,
  pagesPerPdf: 5,
  description: SEEDED_PLAN_DESCRIPTIONS.Free,
  createdAt: at,
  updatedAt: at,
};
const SPANISH_FREE = 'hasta 10 documentos, 5 páginas por PDF.';

beforeAll(async () => {
  await initEnglish();
  await switchLanguage('es');
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

const historyOr = (answer: unknown) => (url: URL) =>
  url.pathname.endsWith('/history')
    ? jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ currentPage: 1, totalCount: 0 }) })
    : jsonResponse(200, { result: answer });

describe('a seeded plan in Spanish', () => {
  it('names and describes a seeded plan in Spanish, a typed one as typed', () => {
    const t = i18n.t;
    expect(planName(t, 'Free')).toBe('Gratuito');
    expect(planName(t, 'Pro')).toBe('Pro');
    expect(planName(t, 'Equipo Plus')).toBe('Equipo Plus');
    expect(planDescription(t, { name: 'Free', description: SEEDED_PLAN_DESCRIPTIONS.Free })).toBe(
      `**Gratuito** — ${SPANISH_FREE}`,
    );
    expect(planDescription(t, { name: 'Free', description: 'Typed by an administrator' })).toBe(
      'Typed by an administrator',
    );
    // A description that reads like a seeded one on another plan is that plan's own text.
    expect(planDescription(t, { name: 'Starter', description: SEEDED_PLAN_DESCRIPTIONS.Free })).toBe(
      SEEDED_PLAN_DESCRIPTIONS.Free,
    );
    expect(planDescription(t, { name: 'Free', description: null })).toBe('');
  });

  it("the server's plan-limit refusals name the plan in Spanish", () => {
    expect(documentMessage(i18n.t, pagesLimitText('Free', 5))).toBe('El plan Gratuito admite hasta 5 páginas por PDF');
    expect(documentMessage(i18n.t, quotaText('Free', 10))).toMatch(/^El plan Gratuito /);
    expect(documentMessage(i18n.t, pagesLimitText('Equipo Plus', 5))).toMatch(/^El plan Equipo Plus /);
    // The question and the PDF left out, now shared messages: the same Spanish as before.
    expect(documentMessage(i18n.t, DOCUMENT_MESSAGES.questionRequired)).toBe('Escribe una pregunta');
    expect(documentMessage(i18n.t, DOCUMENT_MESSAGES.fileRequired)).toBe('Elige un archivo PDF para subir');
  });

  it("the checkout's plan summary", () => {
    render(
      <PlanSummary
        plan={{ id: free.id, name: 'Free', price: 0, description: SEEDED_PLAN_DESCRIPTIONS.Free }}
        markdown
        trialEndsAt={null}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Gratuito' })).toBeTruthy();
    expect(screen.getByText(SPANISH_FREE, { exact: false })).toBeTruthy();
    expect(screen.queryByText(/Free/)).toBeNull();
  });

  it("the plan's page: its title and its rendered description in Spanish", async () => {
    stubFetch(historyOr(free));
    renderAt(`/plan_management/${free.id}`, '/plan_management/:id', <ResourceShow resource={plans} />);
    expect(await screen.findByRole('heading', { name: 'Gratuito' })).toBeTruthy();
    // Markdown rendered from the translation: the bold name, not its asterisks.
    expect((await screen.findByText('Gratuito', { selector: 'strong' })).tagName).toBe('STRONG');
    expect(screen.getByText(SPANISH_FREE, { exact: false })).toBeTruthy();
    expect(screen.queryByText(/Free/)).toBeNull();
  });

  it('the edit form starts in Spanish and an untouched form sends no name or description', async () => {
    stubFetch(historyOr(free));
    renderAt(`/plan_management/${free.id}/edit`, '/plan_management/:id/edit', <ResourceEdit resource={plans} />);
    expect(await screen.findByRole('heading', { name: 'Editar Gratuito' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Gratuito')).toBeTruthy();
    const initial = initialFormValues(plans, 'update', free, i18n.t);
    expect(initial).toMatchObject({ name: 'Gratuito', description: `**Gratuito** — ${SPANISH_FREE}` });
    expect(toApiBody(plans, 'update', initial, initial)).toEqual({});
  });

  it('a plan an administrator named shows its name as typed', async () => {
    stubFetch(historyOr({ ...free, name: 'Freelancer', description: 'For one person' }));
    renderAt(`/plan_management/${free.id}`, '/plan_management/:id', <ResourceShow resource={plans} />);
    expect(await screen.findByRole('heading', { name: 'Freelancer' })).toBeTruthy();
    expect(screen.getByText('For one person')).toBeTruthy();
  });
});

describe("a built-in role's page in Spanish", () => {
  it('shows its seeded description in Spanish', async () => {
    const admin = {
      id: '0b7c1d2e-0000-4000-8000-000000000001',
      name: 'ADMIN',
      description: BUILT_IN_ROLE_DESCRIPTIONS.ADMIN,
      builtIn: true,
      createdAt: at,
      updatedAt: at,
    };
    stubFetch(historyOr(admin));
    renderAt(`/role_management/${admin.id}`, '/role_management/:id', <ResourceShow resource={roles} />);
    expect(
      await screen.findByText('Administradores de la plataforma: usuarios, planes, roles, CRM y estado del sistema'),
    ).toBeTruthy();
    expect(screen.queryByText(BUILT_IN_ROLE_DESCRIPTIONS.ADMIN)).toBeNull();
  });
});

/**
 * The administrator's form builder: the platform's partner enquiry form, drafted, published as
 * version 1 through the form module's services, and three answers sent through its public page's
 * submit route as a visitor's browser sends them (with a start token signed as the form's page
 * signs it, dated the spam rule's minimum fill time back). Each answer rings the
 * administrator's bell, as a real one does.
 */
import type { FastifyInstance } from 'fastify';
import { formPath } from '../../src/domain/forms/api';
import { createFormSchema, draftSchema } from '../../src/domain/forms/requests';
import type { AuthContext } from '../context';
import { createForm, formStartToken, publishForm, saveDraft } from '../modules/forms';

const KINDS = ['Venue or club', 'Service business', 'Moving company', 'Other'];

const FIELDS = [
  { key: 'full_name', type: 'shortText', label: 'Full name', required: true, max: 100 },
  { key: 'email', type: 'email', label: 'Work email', required: true },
  { key: 'company', type: 'shortText', label: 'Company', required: true, max: 100 },
  { key: 'business_type', type: 'select', label: 'What kind of business?', required: true, options: KINDS },
  { key: 'locations', type: 'number', label: 'Number of locations', min: 1, max: 500 },
  { key: 'message', type: 'longText', label: 'What would you like to run on the platform?', max: 2000 },
];

const ANSWERS: Record<string, unknown>[] = [
  {
    full_name: 'Rosa Delgado',
    email: 'rosa@lunaloungebar.example',
    company: 'Luna Lounge',
    business_type: 'Venue or club',
    locations: 2,
    message: 'Table reservations and events for two lounges, with card payments at booking.',
  },
  {
    full_name: 'Ethan Brooks',
    email: 'ethan@brooksmoving.example',
    company: 'Brooks & Sons Moving',
    business_type: 'Moving company',
    locations: 1,
    message: 'Quotes and invoices for about 40 moves a month.',
  },
  {
    full_name: 'Aiko Tanaka',
    email: 'aiko@petalstudio.example',
    company: 'Petal Studio',
    business_type: 'Service business',
    message: 'Online booking for flower arranging workshops.',
  },
];

export async function seedFormsDemo(app: FastifyInstance, admin: AuthContext) {
  const { db } = app.ctx.database;
  const now = () => new Date(app.ctx.now());
  const { name, slug } = createFormSchema.parse({ name: 'Partner enquiry', slug: 'partner-enquiry' });
  const form = await createForm(db, { name, slug }, admin.userId, now());
  await saveDraft(db, slug, draftSchema.parse({ fields: FIELDS }), now());
  const published = await publishForm(db, slug, false, admin.userId, now());

  for (const [i, answers] of ANSWERS.entries()) {
    // Each visitor opened the form the spam rule's minimum fill time ago: the start token the
    // form's page would have given them then, signed by the server, so the seed does not wait for
    // it. One each: one opening of a form stores one answer (a second send of it is a retry).
    const startToken = await formStartToken(app, {
      formId: form.id,
      version: published.version,
      startedAt: app.ctx.now() - app.ctx.config.rateLimit.formMinFillMs,
    });
    const res = await app.inject({
      method: 'POST',
      url: formPath('submit', slug),
      payload: { answers, startToken, website: '' },
    });
    if (res.statusCode !== 200) throw new Error(`form answer ${i + 1}: ${res.statusCode} ${res.body}`);
  }
}

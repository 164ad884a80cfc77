/**
 * A delete checks "still used by …" only in the resources its own app serves. The API files share
 * a worker's modules (isolate: false), and the tables' registry kept every resource an earlier
 * app declared: after resource-engine's app (its throwaway `gadgets` point at contacts), a
 * contact's delete in live-events' app asked its database for the `gadgets` table and answered
 * 500 (seen twice in the PGlite engine pass, never alone). Two apps in one file, one after the
 * other, replay that order.
 */
import { afterAll, expect, it } from 'vitest';
import { defineResource } from '../../src/domain/resources/types';
import { createTestApp, type TestApp } from './helpers/app';

const pointers = defineResource({
  name: 'contactPointers',
  table: { name: 'test_contact_pointers' },
  routes: {
    list: 'contact-pointers',
    create: 'contact-pointers/create',
    edit: 'contact-pointers/:id/edit',
    show: 'contact-pointers/:id',
  },
  api: { base: '/api/test/contact-pointers' },
  access: {
    list: ['CLUBOWNER'],
    show: ['CLUBOWNER'],
    create: ['CLUBOWNER'],
    update: ['CLUBOWNER'],
    delete: ['CLUBOWNER'],
  },
  tenant: true,
  titleField: 'name',
  fields: {
    name: { type: 'string', required: true },
    contactId: { type: 'reference', references: { resource: 'contacts', labelField: 'fullName' } },
  },
});

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

it("deletes a contact in an app that does not serve an earlier app's resource pointing at contacts", async () => {
  // The earlier app declares the resource; its table exists in neither database.
  apps.push(await createTestApp({ rateLimit: { enabled: false } }, { extraResources: [pointers] }));
  await apps[0]!.close();
  apps.length = 0;

  const t = await createTestApp({ rateLimit: { enabled: false } });
  apps.push(t);
  const { access } = await t.login('clubowner@demo.test');
  const contacts = '/api/crmmanagement/contacts';
  const made = await t.call({ method: 'POST', url: contacts, token: access, payload: { fullName: 'Ref Rita' } });
  expect(made.statusCode, made.body).toBe(200);
  const gone = await t.call({ method: 'DELETE', url: `${contacts}/${made.json().result.id}`, token: access });
  expect(gone.statusCode, gone.body).toBe(200);
});

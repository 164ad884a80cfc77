import { defineResource } from '../../domain/resources/types';

const OWNER = ['CLUBOWNER'] as const;

/**
 * A club owner's venues (club_management, club_management/{clubId}): a business may run
 * several. The list, forms and show page are generated; `additional_information` (a bespoke
 * page in src/custom/venue/) is a short form for the selected venue's guest-facing details
 * (dress code, age, music, cover charge) with the business's time zone, through the same
 * update route. Layouts, hours, reservations and events hang off a venue in their areas' tables.
 */
export default defineResource({
  name: 'venues',
  table: { name: 'venues' },
  routes: {
    list: 'club_management',
    create: 'club_management/create',
    edit: 'club_management/:id/edit',
    show: 'club_management/:id',
  },
  api: { base: '/api/Club/venues' },
  access: { list: OWNER, show: OWNER, create: OWNER, update: OWNER, delete: OWNER },
  tenant: true,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    // The venue picker shows names: "Blue Note" and "blue note" would be two of one (caseless).
    name: { type: 'string', required: true, min: 2, max: 100, unique: 'caseless', sortable: true, search: true },
    address: { type: 'string', max: 200, search: true },
    city: { type: 'string', max: 100, search: true, sortable: true },
    capacity: { type: 'integer', min: 1, max: 100_000, sortable: true, filter: 'range' },
    phone: { type: 'phone' },
    email: { type: 'email' },
    dressCode: { type: 'string', max: 200, list: false },
    ageLimit: { type: 'integer', min: 0, max: 99, list: false },
    music: { type: 'string', max: 200, list: false },
    coverCharge: { type: 'money', min: 0, max: 100_000_00, list: false },
    description: { type: 'text', max: 2000, list: false },
  },
});

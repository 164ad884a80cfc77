import { ROLES } from '../../domain/roles';
import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;

/**
 * Accounts (user_management), on the product brief's Admin paths. The table belongs to the auth module
 * (unmanaged here). Creating a user needs a password hash, so add-user is a hand-written
 * handler (server/modules/admin/add-user.ts), and so is the edit (update-user.ts: the display
 * name follows the first and last name); status changes go through PATCH user-status and
 * passwords through PATCH set-password-user, both on the details page. Accounts are never
 * deleted from here: an administrator deactivates them.
 */
export default defineResource({
  name: 'users',
  table: { name: 'users', managed: false },
  routes: {
    list: 'user_management',
    create: 'user_management/create',
    edit: 'user_management/:id/edit',
    show: 'user_management/:id/user_details',
  },
  api: {
    base: '/api/AdminAccount/users',
    list: { method: 'GET', path: '/api/AdminAccount/users' },
    show: { method: 'GET', path: '/api/AdminAccount/user', id: 'query' },
    update: { method: 'PATCH', path: '/api/AdminAccount/user', id: 'body' },
    create: { method: 'POST', path: '/api/AdminAccount/add-user' },
  },
  customHandlers: ['create', 'update'],
  access: { list: ADMIN, show: ADMIN, create: ADMIN, update: ADMIN, delete: [] },
  titleField: 'email',
  defaultSort: { field: 'createdAt', order: 'desc' },
  csvImport: false,
  fields: {
    email: { type: 'email', required: true, unique: true, max: 254, filter: 'text', sortable: true, search: true },
    firstName: { type: 'string', max: 100, sortable: true, search: true },
    lastName: { type: 'string', max: 100, sortable: true, search: true },
    // The display name: follows first + last name (server/modules/admin/accounts.ts), except a
    // venue employee's, who is shown by it and sets it on their profile. Not a second form field.
    name: { type: 'string', max: 100, search: true, list: 'hidden', form: false },
    phone: { type: 'phone', filter: 'text' },
    role: { type: 'enum', options: ROLES, required: true, filter: 'exact', sortable: true },
    password: { type: 'password', form: 'create', required: true },
    // 'invited': a team member who has not activated yet (src/domain/team.ts).
    status: { type: 'enum', options: ['active', 'inactive', 'invited'], form: false, filter: 'exact', sortable: true },
    isVerified: { type: 'boolean', form: false, filter: 'boolean', filterParam: 'verified' },
    isProfileCompleted: { type: 'boolean', form: false, filter: 'boolean', filterParam: 'profileCompleted' },
    stripeEnrolled: { type: 'boolean', form: false, filter: 'boolean', list: 'hidden' },
  },
});

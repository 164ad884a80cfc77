import { BUILT_IN_ROLE_DESCRIPTIONS, ROLES } from '../../domain/roles';
import { defineResource } from '../../domain/resources/types';

const ADMIN = ['ADMIN'] as const;

/**
 * The role catalogue (role_management) on the product brief's paths: `GET roles` (paged),
 * `POST add-role`, and `GET all-roles` (every name, for pickers; hand-written). The seven
 * built-in roles carry the product's permissions and cannot be deleted or renamed; added
 * roles are labels an administrator can describe and later map to privileges. A name is taken
 * whatever its case, a built-in's too ("admin" beside ADMIN answers 409).
 */
export default defineResource({
  name: 'roles',
  table: { name: 'roles' },
  routes: {
    list: 'role_management',
    create: 'role_management/create',
    edit: 'role_management/:id/edit',
    show: 'role_management/:id',
  },
  api: {
    base: '/api/AdminAccount/roles',
    list: { method: 'GET', path: '/api/AdminAccount/roles' },
    create: { method: 'POST', path: '/api/AdminAccount/add-role' },
  },
  access: { list: ADMIN, show: ADMIN, create: ADMIN, update: ADMIN, delete: ADMIN },
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  protectedRows: { field: 'builtIn', values: [true] },
  fields: {
    name: {
      type: 'string',
      required: true,
      min: 2,
      max: 40,
      // "Support" and "support" would be two rows no one can tell apart in the role pickers.
      unique: 'caseless',
      sortable: true,
      search: true,
      form: 'create',
    },
    // A built-in role's seeded description reads in the screen's language until someone edits it.
    description: {
      type: 'text',
      max: 500,
      seeded: { by: 'name', texts: BUILT_IN_ROLE_DESCRIPTIONS, key: 'roleDescriptions' },
    },
    builtIn: { type: 'boolean', form: false, filter: 'boolean' },
  },
});

export const BUILT_IN_ROLE_NAMES = ROLES;

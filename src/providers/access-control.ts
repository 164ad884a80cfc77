import type { AccessControlProvider } from '@refinedev/core';
import { canAccessPath } from '../custom/route-access';
import type { Operation } from '../domain/resources/types';
import { resourceNamed } from '../resources/registry';
import { getStoredUser } from './session';

/** Refine actions → a declared resource's operations (anything else is read as 'list'). */
const ACTION_TO_OPERATION: Record<string, Operation> = {
  list: 'list',
  show: 'show',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
};

/**
 * Refine's `can` answered from the role → route matrix of product brief section 2 (src/domain/access.ts):
 * a resource is allowed when its list route is. A declared resource answers per action from its
 * declaration's `access`, the same roles its routes and its server routes use.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    const userData = getStoredUser()?.userData;
    const role = userData?.roleName;
    const declaration = resource ? resourceNamed(resource) : undefined;
    let can: boolean;
    if (declaration) {
      can = !!role && declaration.access[ACTION_TO_OPERATION[action] ?? 'list'].includes(role);
    } else {
      // `meta.path` is the API path (see data-provider.ts); the screen route is `list`, else the name.
      const list = params?.resource?.list;
      const route = typeof list === 'string' ? list : (resource ?? '');
      can = canAccessPath(role, route, userData?.privileges);
    }
    return can ? { can } : { can, reason: 'forbidden' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

import type { AccessControlProvider } from '@refinedev/core';
import { canAccessPath } from '../domain/access';
import { getStoredUser } from './session';

/**
 * Refine's `can` answered from the role → route matrix of spec section 2 (src/domain/access.ts):
 * a resource is allowed when its list route is. The server enforces the same rules.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, params }) => {
    const role = getStoredUser()?.userData.roleName;
    // `meta.path` is the API path (see data-provider.ts); the screen route is `list`, else the name.
    const list = params?.resource?.list;
    const route = typeof list === 'string' ? list : (resource ?? '');
    const can = canAccessPath(role, route);
    return can ? { can } : { can, reason: 'forbidden' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};

/** Who works the support desk (IT's ticket_management and business_management). Kept apart so the shell can read it without the desk's schemas. */
import type { Role } from '../roles';

export const SUPPORT_STAFF_ROLES: readonly Role[] = ['IT'];
export const isSupportStaff = (role: Role) => SUPPORT_STAFF_ROLES.includes(role);

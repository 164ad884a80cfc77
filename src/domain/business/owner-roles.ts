import type { Role } from '../roles';

/**
 * Who owns businesses and may add and switch between them (business_management for MOVER,
 * CLUBOWNER, USER; IT's is the support desk's lookup). A module of its own, without the rules'
 * zod schemas, because the shell's area manifests read it on every first load.
 */
export const BUSINESS_OWNER_ROLES: readonly Role[] = ['MOVER', 'CLUBOWNER', 'USER'];

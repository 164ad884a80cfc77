/**
 * The signed-in caller (request.auth), resolved once per request by auth/access.ts. Its own file, below
 * both context.ts (the app's types) and the session cache that keeps it, so neither imports the other.
 */
import type { Role } from '../../src/domain/roles';

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  businessId: string | null;
  email: string;
}

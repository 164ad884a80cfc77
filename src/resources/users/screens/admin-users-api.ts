/**
 * The user_management screens' calls beyond the declared CRUD: status and verification, an
 * administrator-set password, and the shape of who is online (product brief section 7, Admin);
 * the online list itself is read through Refine (UsersList, OnlineUsersDrawer).
 */
import { API } from '../../../domain/api-paths';
import type { Role } from '../../../domain/roles';
import type { UserStatus } from '../../../domain/schemas/admin-user';
import { http } from '../../../providers/http';

export async function setUserStatus(id: string, change: { status: UserStatus } | { isVerified: true }): Promise<void> {
  await http.patch(API.userStatus, { id, ...change });
}

export async function setUserPassword(id: string, password: string): Promise<void> {
  await http.patch(API.setPasswordUser, { id, password });
}

export interface OnlineUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roleName: Role;
  /** ISO time of the newest request on any of the user's live sessions. */
  lastSeenAt: string;
  sessions: number;
}

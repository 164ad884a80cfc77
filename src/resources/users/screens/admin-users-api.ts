/**
 * The user_management screens' calls beyond the declared CRUD: status and verification, an
 * administrator-set password, and who is online (product brief section 7, Admin).
 */
import { API } from '../../../domain/api-paths';
import type { Role } from '../../../domain/roles';
import type { UserStatus } from '../../../domain/schemas/admin-user';
import type { PagingData } from '../../../domain/user';
import { http, pagingFromHeaders } from '../../../providers/http';

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

export async function fetchOnlineUsers(
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<{ users: OnlineUser[]; paging: PagingData | null }> {
  const { data, headers } = await http.get<OnlineUser[]>(API.onlineUsers, { query: { page, perPage }, signal });
  return { users: data, paging: pagingFromHeaders(headers) };
}

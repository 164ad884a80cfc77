/** The club owner's team calls (product brief section 7, CRM Team). */
import { API } from '../../domain/api-paths';
import type { MemberStatus, Privilege } from '../../domain/team';
import { http, pagingFromHeaders } from '../../providers/http';

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  status: MemberStatus;
  privileges: Privilege[];
  createdAt: string;
}

export async function fetchTeam(query: { page: number; perPage: number; query?: string; status?: MemberStatus }) {
  const { data, headers } = await http.get<TeamMember[]>(API.team, {
    query: {
      page: query.page,
      perPage: query.perPage,
      ...(query.query ? { query: query.query } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
  });
  return { members: data, total: pagingFromHeaders(headers)?.totalCount ?? data.length };
}

export const inviteMember = (input: { email: string; name: string; privileges: Privilege[] }) =>
  http.post<TeamMember & { message: string }>(API.team, input).then((r) => r.data);

export const setMemberPrivileges = (memberId: string, privileges: Privilege[]) =>
  http.put<TeamMember>(API.teamPrivileges, { memberId, privileges }).then((r) => r.data);

export const setMemberStatus = (memberId: string, status: 'active' | 'inactive') =>
  http.patch<TeamMember>(API.teamStatus, { memberId, status }).then((r) => r.data);

export const resendInvitation = (memberId: string) => http.post(API.teamResend, { memberId }).then(() => undefined);

export const removeMember = (businessId: string, memberId: string) =>
  http.delete(API.team, { query: { businessId, memberId } }).then(() => undefined);

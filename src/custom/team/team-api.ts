/**
 * The club owner's team (product brief section 7, CRM Team): a member as the API sends it.
 * TeamPage reads and changes the team through Refine's data layer, at the paths of API.team*.
 */
import type { MemberStatus, Privilege } from '../../domain/team';

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  status: MemberStatus;
  privileges: Privilege[];
  createdAt: string;
}

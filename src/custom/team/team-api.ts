/**
 * The club owner's team (product brief section 7, CRM Team). TeamPage reads and changes the team
 * through Refine's data layer, at the paths of API.team*; a member's shape is shared with the
 * server (src/domain/team.ts).
 */
export type { TeamMember } from '../../domain/team';

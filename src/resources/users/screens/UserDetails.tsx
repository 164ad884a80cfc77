import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceShow from '../../engine/ResourceShow';
import { UserActions } from './UserActions';

/** user_details: the generated show page (fields and history) with the account actions beside Edit. */
export default function UserDetails({ resource }: { resource: ResourceDeclaration }) {
  return <ResourceShow resource={resource} extra={(record) => <UserActions resource={resource} record={record} />} />;
}

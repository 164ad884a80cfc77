import type { Operation, ResourceDeclaration } from '../../domain/resources/types';
import { useSession } from '../../providers/use-session';

/** Whether the signed-in role may do an operation on the resource (its declared `access`). */
export function useCan(resource: ResourceDeclaration): (op: Operation) => boolean {
  const role = useSession()?.userData.roleName;
  return (op) => !!role && resource.access[op].includes(role);
}

import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceShow from '../../engine/ResourceShow';
import { SenderCodePanel } from './SenderCodePanel';

/** A sender's page: the generated show page plus, while its address waits for proof, the mailed code. */
export default function SenderShow({ resource }: { resource: ResourceDeclaration }) {
  return <ResourceShow resource={resource} panels={(sender) => <SenderCodePanel sender={sender} />} />;
}

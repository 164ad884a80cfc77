/**
 * Open file managers follow changes made elsewhere (another tab, another owner's session): one
 * small hub event per operation (resource `file_management`, the changed ids), to the tree's
 * owner's connections — the business's club owners, or the administrators for the platform's
 * tree; they re-read the tree through the API.
 */
import type { FastifyInstance } from 'fastify';
import { FILE_ROLES, FILES_LIVE_RESOURCE } from '../../../src/domain/files/rules';
import type { OperationResult } from '../../../src/domain/files/wire';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';

export const FILES_LIVE = registerLiveResource({
  name: FILES_LIVE_RESOURCE,
  tenant: true,
  access: { list: FILE_ROLES, show: FILE_ROLES },
  // An administrator's tree is the platform's; a business's changes are not theirs to hear of.
  administrators: 'platform',
});

export const publishFilesChange = (app: FastifyInstance, businessId: string | null, result: OperationResult) =>
  publishRecordChanges(
    app,
    FILES_LIVE,
    'updated',
    new Map([[businessId, [...result.changed.map((n) => n.id), ...result.trashed]]]),
  );

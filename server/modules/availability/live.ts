/**
 * Availability's live path: a slot or exception written refreshes the business's open schedule
 * screens (another tab, another device, the other owner's session). The event names the business
 * and the row; screens re-read through the API, which checks access again.
 */
import type { FastifyInstance } from 'fastify';
import { AVAILABILITY_LIVE_RESOURCE, SCHEDULER_ROLES } from '../../../src/domain/availability/api';
import type { RecordAction } from '../../hub/types';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';

const availabilityLive = registerLiveResource({
  name: AVAILABILITY_LIVE_RESOURCE,
  tenant: true,
  access: { list: SCHEDULER_ROLES, show: SCHEDULER_ROLES },
});

export async function announceAvailability(app: FastifyInstance, businessId: string, action: RecordAction, id: string) {
  await publishRecordChanges(app, availabilityLive, action, new Map([[businessId, [id]]]));
}

/**
 * Registers every declared resource's routes (src/resources/registry.ts), plus any extra
 * declarations a caller passes (tests declare throwaway resources this way). Each resource is
 * its own encapsulated plugin, so the live hooks on its write routes (live-events.ts) stay its own.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { RESOURCES } from '../../src/resources/registry';
import { registerBulkRoutes } from './bulk-routes';
import { registerCrudRoutes } from './crud-routes';
import { registerCsvRoutes } from './csv-routes';
import { registerExtraRoutes } from './extra-routes';
import { registerImageRoutes } from './image-fields';
import { registerLiveEvents, resolveRecordsEvent } from './live-events';
import { setServedResources } from './references';
import { registerRelatedRoutes } from './related-lists';
import { registerResourceTable } from './tables';

export function registerResource(app: FastifyInstance, resource: ResourceDeclaration) {
  const table = registerResourceTable(resource);
  registerLiveEvents(app, resource, table);
  registerCrudRoutes(app, resource, table);
  registerBulkRoutes(app, resource, table);
  registerCsvRoutes(app, resource, table);
  registerExtraRoutes(app, resource, table);
  registerRelatedRoutes(app, resource, table);
  registerImageRoutes(app, resource);
}

export default async function resourcesPlugin(app: FastifyInstance, opts: { extra?: readonly ResourceDeclaration[] }) {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  app.ctx.hub.onEvent('records', (event) => resolveRecordsEvent(app.ctx.database.db, event));
  const resources = [...RESOURCES, ...(opts.extra ?? [])];
  setServedResources(app, resources);
  for (const resource of resources) {
    await app.register(async (scope) => registerResource(scope, resource));
  }
}

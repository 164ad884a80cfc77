/**
 * POST /hubs/notifications/negotiate, for clients that do not skip negotiation. Only
 * WebSockets in text is offered, and never stateful reconnect (the server keeps no buffers).
 * The connection token is not a credential: the access token still authenticates the socket.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HUB_PATH } from './upgrade';

export default async function negotiateRoute(app: FastifyInstance) {
  app.post(
    `${HUB_PATH}/negotiate`,
    {
      schema: { tags: ['Hub'], summary: 'SignalR negotiation for the notifications hub' },
      config: { access: 'public' },
    },
    async () => ({
      connectionId: randomBytes(16).toString('base64url'),
      connectionToken: randomBytes(16).toString('base64url'),
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    }),
  );
}

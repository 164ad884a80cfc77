/**
 * POST /hubs/notifications/negotiate, for clients that do not skip negotiation. Only
 * WebSockets in text is offered, and never stateful reconnect (the server keeps no buffers).
 * The connection token is not a credential: the access token still authenticates the socket.
 * The body is SignalR's negotiate answer, not the API's `{ result }` envelope.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../http/type-provider';
import { HUB_PATH } from './upgrade';

const negotiation = z.object({
  connectionId: z.string(),
  connectionToken: z.string(),
  negotiateVersion: z.number(),
  availableTransports: z.array(z.object({ transport: z.string(), transferFormats: z.array(z.string()) })),
});

const negotiateRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${HUB_PATH}/negotiate`,
    {
      schema: {
        tags: ['Hub'],
        summary: 'SignalR negotiation for the notifications hub',
        response: { 200: negotiation },
      },
      config: { access: 'public' },
    },
    async () => ({
      connectionId: randomBytes(16).toString('base64url'),
      connectionToken: randomBytes(16).toString('base64url'),
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    }),
  );
};
export default negotiateRoute;

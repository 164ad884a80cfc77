/** The webhooks area's API paths (settings/webhooks), shared by the server routes and the screens. */
export const WEBHOOKS_API = {
  endpoints: '/api/Club/webhooks',
  endpoint: '/api/Club/webhooks/:webhookId',
  rotateSecret: '/api/Club/webhooks/:webhookId/rotate-secret',
  test: '/api/Club/webhooks/:webhookId/test',
  deliveries: '/api/Club/webhooks/:webhookId/deliveries',
  retry: '/api/Club/webhooks/:webhookId/deliveries/:deliveryId/retry',
} as const;

/** A path with its `:params` filled in. */
export const webhooksPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

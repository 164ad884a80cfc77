/**
 * The hub's event routing without transport: events resolve into deliveries and are handed
 * to `deliver` (the WebSocket layer). `user` events need no resolver: they address one user.
 */
import type { Delivery, Hub, HubEvent, HubEventKind, Resolver } from './types';

export class EventRouter {
  private readonly resolvers = new Map<HubEventKind, Resolver<HubEventKind>>();

  onEvent<K extends HubEventKind>(kind: K, resolver: Resolver<K>) {
    this.resolvers.set(kind, resolver as unknown as Resolver<HubEventKind>);
  }

  async resolve(event: HubEvent): Promise<Delivery[]> {
    if (event.kind === 'user') {
      return [{ audience: { userIds: [event.userId] }, message: { target: event.target, args: event.args } }];
    }
    const resolver = this.resolvers.get(event.kind);
    return resolver ? resolver(event as never) : [];
  }
}

/** A hub with no connections and no backplane: events are resolved and dropped. */
export function createLocalHub(deliver: (deliveries: Delivery[]) => void = () => undefined): Hub {
  const router = new EventRouter();
  return {
    async publish(event) {
      deliver(await router.resolve(event));
    },
    onEvent: (kind, resolver) => router.onEvent(kind, resolver),
    connectionCount: () => 0,
    close: async () => undefined,
  };
}

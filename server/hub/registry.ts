/** The connections of this process that finished their handshake, indexed for delivery. */
import type { Audience, Delivery } from './types';
import type { HubConnection } from './connection';
import { invocationFrame } from './protocol';

export class ConnectionRegistry {
  private readonly all = new Set<HubConnection>();
  private readonly byUser = new Map<string, Set<HubConnection>>();

  add(connection: HubConnection) {
    const auth = connection.auth;
    if (!auth) return;
    this.all.add(connection);
    let set = this.byUser.get(auth.userId);
    if (!set) this.byUser.set(auth.userId, (set = new Set()));
    set.add(connection);
  }

  remove(connection: HubConnection) {
    if (!this.all.delete(connection)) return;
    const userId = connection.auth!.userId;
    const set = this.byUser.get(userId);
    set?.delete(connection);
    if (set && set.size === 0) this.byUser.delete(userId);
  }

  get size(): number {
    return this.all.size;
  }

  /** Each matching connection once, however many parts of the audience it matches. */
  matching(audience: Audience): Set<HubConnection> {
    if (audience.all) return new Set(this.all);
    const found = new Set<HubConnection>();
    for (const userId of audience.userIds ?? []) {
      for (const c of this.byUser.get(userId) ?? []) found.add(c);
    }
    if (audience.roles?.length) {
      const roles = new Set<string>(audience.roles);
      const businesses = audience.businessIds ? new Set(audience.businessIds) : null;
      for (const c of this.all) {
        const { role, businessId } = c.auth!;
        if (!roles.has(role)) continue;
        if (businesses && (businessId === null || !businesses.has(businessId))) continue;
        found.add(c);
      }
    }
    return found;
  }

  /** Sends each delivery as a push (one serialisation per delivery). */
  deliver(deliveries: Delivery[]) {
    for (const { audience, message } of deliveries) {
      const targets = this.matching(audience);
      if (targets.size === 0) continue;
      const text = invocationFrame(message.target, message.args);
      for (const c of targets) if (c.isReady) c.send(text);
    }
  }
}

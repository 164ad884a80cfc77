/**
 * The live channel's contract inside the server. Modules publish events; the hub carries them
 * to every server process (the backplane: in-process for PGlite, PostgreSQL LISTEN/NOTIFY with
 * DATABASE_URL) and each process delivers them to its own WebSocket connections. Events carry
 * ids only: the resolver registered for an event kind re-reads the body from the database.
 */
import type { RecordsChange } from '../../src/domain/notifications';
import type { Role } from '../../src/domain/roles';

/** Who a delivery is for: local connections matching any of these get the message. */
export interface Audience {
  userIds?: string[];
  roles?: Role[];
  /**
   * Narrows `roles` to users of these businesses (a tenant's rows reach only its own people).
   * An empty list matches no one; platform administrators have no business, so address them
   * in a delivery of their own.
   */
  businessIds?: string[];
  all?: boolean;
}

/** One hub invocation (SignalR type 1 without invocationId). */
export interface HubMessage {
  target: string;
  args: unknown[];
}

export interface Delivery {
  audience: Audience;
  message: HubMessage;
}

/** What happened to a declared resource's records (Refine's live event types). */
export type RecordAction = RecordsChange['action'];

/**
 * Records of a declared resource changed. Never the body: clients re-read through the API,
 * which checks access. `ids` is left out when many changed ("the list changed");
 * `businessIds` names the businesses the rows belong to (null: the platform's own rows) and is
 * absent for resources that are not tenant-owned.
 */
export interface RecordsEvent {
  kind: 'records';
  resource: string;
  action: RecordAction;
  ids?: string[];
  businessIds?: (string | null)[];
}

/**
 * Live chat conversations changed (a message, a state) or someone types in one
 * (server/modules/chat/live.ts): each process re-reads them for its own visitors' live
 * connections, and a visitor's typing goes to the business's inbox.
 */
export interface ChatEvent {
  kind: 'chat';
  businessId: string;
  conversationIds: string[];
  typing?: { author: 'visitor' | 'member'; name: string; on: boolean };
}

/** What crosses processes; keep it small (NOTIFY payloads must stay under 8000 bytes). */
export type HubEvent =
  | { kind: 'notification'; id: string }
  | { kind: 'user'; userId: string; target: string; args: unknown[] }
  | RecordsEvent
  | ChatEvent;

export type HubEventKind = HubEvent['kind'];
export type Resolver<K extends HubEventKind> = (event: Extract<HubEvent, { kind: K }>) => Promise<Delivery[]>;

export interface Hub {
  /** Sends the event to every server process; resolves once it is handed to the backplane. */
  publish(event: HubEvent): Promise<void>;
  /**
   * Registers how a kind of event becomes deliveries (one resolver per kind). Deliveries leave
   * in the order events arrived, so a resolver must not publish and wait on the hub itself.
   */
  onEvent<K extends HubEventKind>(kind: K, resolver: Resolver<K>): void;
  /** Open connections on this process. */
  connectionCount(): number;
  close(): Promise<void>;
}

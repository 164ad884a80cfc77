/**
 * Live record changes (docs/architecture.md, "the live path"): after a declared resource's
 * records are created, changed or deleted through its generated routes (single, bulk, CSV
 * import), one small hub event names the resource, the action and the ids — never the body —
 * and every server process hands it to those of its connections that may see those rows. Open
 * lists and pages then re-read through the API, which checks access again
 * (src/providers/live/live-provider.ts).
 *
 * The routes are not touched: route-level hooks are added to the write routes as they are
 * declared (onRoute), so reads pay nothing.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { endpointOf, extraPaths } from '../../src/domain/resources/endpoints';
import { HUB_EVENTS, type RecordsChange } from '../../src/domain/notifications';
import type { Operation, ResourceDeclaration } from '../../src/domain/resources/types';
import { normalizeRole, type Role } from '../../src/domain/roles';
import { MEMBER_ROLE } from '../../src/domain/team';
import { isUuid } from '../../src/domain/uuid';
import type { Db } from '../db/client';
import { teamMembers, users } from '../db/schema';
import type { Delivery, RecordAction, RecordsEvent } from '../hub/types';
import type { ResourceTable } from './table';
import { declarationOf } from './tables';

/**
 * What the live path needs to know of a kind of record: its name (the client's resource name,
 * whose open lists refresh), who may read it, whether rows belong to a business and the team
 * privilege that opens it. A declared resource is one; a bespoke area's records (reservations,
 * a floor plan) register theirs with `registerLiveResource`, so their writes refresh open
 * screens the same way.
 */
export type LiveResource = Pick<ResourceDeclaration, 'name' | 'tenant' | 'privilege'> & {
  access: Pick<ResourceDeclaration['access'], 'list' | 'show'>;
  /**
   * 'platform': administrators read only the platform's own rows (business null), not every
   * business's — the file manager, where an administrator's tree is the platform's — so they
   * hear only of those. By default an administrator sees, and hears of, every business's rows.
   */
  administrators?: 'platform';
};

const areaResources = new Map<string, LiveResource>();

/** Makes a bespoke area's records live (call from the area's plugin; the name must not be a declared resource's). */
export function registerLiveResource(resource: LiveResource): LiveResource {
  areaResources.set(resource.name, resource);
  return resource;
}

/** More ids than this and the event says only "the list changed" (100 ids ≈ 4 KB of NOTIFY). */
export const MAX_EVENT_IDS = 100;
/** A write touching more businesses than this sends id-less events, this many businesses each. */
export const MAX_GROUPS_WITH_IDS = 5;
export const MAX_BUSINESSES_PER_EVENT = 100;

/**
 * The changed rows by business: business id (null: the platform's own rows, or a resource that
 * is not tenant-owned) → the ids, or null when they are not known (a CSV import).
 */
export type ChangedRows = Map<string | null, string[] | null>;

/** The events one write sends: one in the common case, a handful at most. */
export function recordEvents(resource: LiveResource, action: RecordAction, changed: ChangedRows): RecordsEvent[] {
  const base = { kind: 'records' as const, resource: resource.name, action };
  const withIds = (ids: string[] | null) => (ids && ids.length <= MAX_EVENT_IDS ? { ids: [...new Set(ids)] } : {});
  const groups = [...changed];
  if (groups.length === 0) return [];
  if (!resource.tenant) {
    const ids = groups.some(([, ids]) => ids === null) ? null : groups.flatMap(([, ids]) => ids!);
    return [{ ...base, ...withIds(ids) }];
  }
  if (groups.length <= MAX_GROUPS_WITH_IDS) {
    return groups.map(([businessId, ids]) => ({ ...base, businessIds: [businessId], ...withIds(ids) }));
  }
  const events: RecordsEvent[] = [];
  for (let i = 0; i < groups.length; i += MAX_BUSINESSES_PER_EVENT) {
    events.push({ ...base, businessIds: groups.slice(i, i + MAX_BUSINESSES_PER_EVENT).map(([b]) => b) });
  }
  return events;
}

/** Publishes a change; a hub failure is logged and never fails the write that caused it. */
export async function publishRecordChanges(
  app: FastifyInstance,
  resource: LiveResource,
  action: RecordAction,
  changed: ChangedRows,
): Promise<void> {
  for (const event of recordEvents(resource, action, changed)) {
    try {
      await app.ctx.hub.publish(event);
    } catch (err) {
      app.log.warn({ err, resource: resource.name, action }, 'could not publish a record change to the hub');
    }
  }
}

/**
 * Venue employees of these businesses (any business when null) that hold the privilege. Only
 * users whose role is still the employee's: a team row outlives a role an administrator changed,
 * and the routes then refuse that user the records (access.ts reads privileges for the role only).
 */
async function membersWith(db: Db, privilege: string, businessIds: string[] | null): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId, privileges: teamMembers.privileges, role: users.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(businessIds ? inArray(teamMembers.businessId, businessIds) : undefined);
  return rows
    .filter((r) => normalizeRole(r.role) === MEMBER_ROLE && r.privileges.includes(privilege))
    .map((r) => r.userId);
}

/**
 * The hub resolver for `records` events: the roles that may list or show the resource; for
 * tenant-owned rows, administrators (who see every business) and the other roles only within
 * the rows' businesses; venue employees only with the resource's privilege. A resource this
 * process does not know (a test's throwaway one on another process) reaches no one.
 */
export async function resolveRecordsEvent(db: Db, event: RecordsEvent): Promise<Delivery[]> {
  const resource: LiveResource | undefined = declarationOf(event.resource) ?? areaResources.get(event.resource);
  if (!resource) return [];
  const change: RecordsChange = {
    resource: resource.name,
    action: event.action,
    ...(event.ids ? { ids: event.ids } : {}),
  };
  const message = { target: HUB_EVENTS.recordsChanged, args: [change] };
  const roles = [...new Set<Role>([...resource.access.list, ...resource.access.show])];
  const gated = resource.privilege ? roles.filter((r) => r !== MEMBER_ROLE) : roles;
  const membersToo = !!resource.privilege && roles.includes(MEMBER_ROLE);
  const deliveries: Delivery[] = [];

  if (!resource.tenant) {
    if (gated.length) deliveries.push({ audience: { roles: gated }, message });
    if (membersToo)
      deliveries.push({ audience: { userIds: await membersWith(db, resource.privilege!, null) }, message });
    return deliveries;
  }
  const adminsHear = resource.administrators !== 'platform' || (event.businessIds ?? []).includes(null);
  if (roles.includes('ADMIN') && adminsHear) deliveries.push({ audience: { roles: ['ADMIN'] }, message });
  const businessIds = (event.businessIds ?? []).filter((b): b is string => typeof b === 'string');
  if (businessIds.length === 0) return deliveries;
  const tenantRoles = gated.filter((r) => r !== 'ADMIN');
  if (tenantRoles.length) deliveries.push({ audience: { roles: tenantRoles, businessIds }, message });
  if (membersToo) {
    const userIds = await membersWith(db, resource.privilege!, businessIds);
    if (userIds.length) deliveries.push({ audience: { userIds }, message });
  }
  return deliveries;
}

type WriteKind = 'create' | 'update' | 'delete' | 'bulkDelete' | 'bulkAction' | 'import';

const ACTIONS: Record<WriteKind, RecordAction> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  bulkDelete: 'deleted',
  bulkAction: 'updated',
  import: 'created',
};

/** What a write route's hooks learn about one request before its answer is sent. */
interface Pending {
  /** Business of each target row, read before the handler ran (deletes by an administrator). */
  before?: Map<string, string | null>;
  /** The created row's id, or the number of imported rows, from the answer. */
  createdId?: string;
  /** The created or changed row's business, as its answer gives it (a tenant record's answer carries it). */
  answerBusiness?: string | null;
  imported?: number;
}

const pending = new WeakMap<FastifyRequest, Pending>();

/** The write routes of a resource, by "METHOD path" as they are declared. */
function writeRoutes(resource: ResourceDeclaration): Map<string, WriteKind> {
  const routes = new Map<string, WriteKind>();
  const custom = new Set(resource.customHandlers ?? []);
  for (const op of ['create', 'update', 'delete'] as const satisfies Operation[]) {
    if (custom.has(op)) continue;
    const { method, path } = endpointOf(resource, op);
    routes.set(`${method} ${path}`.toLowerCase(), op);
  }
  const paths = extraPaths(resource);
  routes.set(`POST ${paths.bulkDelete}`.toLowerCase(), 'bulkDelete');
  routes.set(`POST ${paths.bulkAction}`.toLowerCase(), 'bulkAction');
  routes.set(`POST ${paths.importCsv}`.toLowerCase(), 'import');
  return routes;
}

/** The ids a request targets, as its endpoint carries them (only well-formed ones). */
function targetIds(resource: ResourceDeclaration, kind: WriteKind, request: FastifyRequest): string[] {
  const field = (source: unknown, key: string) =>
    typeof source === 'object' && source !== null && key in source ? Reflect.get(source, key) : undefined;
  if (kind === 'bulkDelete' || kind === 'bulkAction') {
    const ids: unknown = field(request.body, 'ids');
    return Array.isArray(ids) ? [...new Set(ids.filter(isUuid))] : [];
  }
  if (kind !== 'update' && kind !== 'delete') return [];
  const where = endpointOf(resource, kind).id ?? 'path';
  const id: unknown = field(where === 'query' ? request.query : where === 'body' ? request.body : request.params, 'id');
  return isUuid(id) ? [id] : [];
}

const asList = <T>(hook: T | T[] | undefined): T[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/**
 * Adds the live hooks to this resource's write routes. Call on the resource's own plugin
 * instance before its routes are declared.
 */
export function registerLiveEvents(app: FastifyInstance, resource: ResourceDeclaration, table: ResourceTable) {
  const routes = writeRoutes(resource);
  const { db } = app.ctx.database;
  const businessColumn = resource.tenant ? table.businessId : undefined;

  /** Whose rows: the caller's business, except for an administrator, who may write any business's. */
  const callerBusiness = (request: FastifyRequest): string | null | undefined =>
    !resource.tenant ? null : request.auth?.role === 'ADMIN' ? undefined : (request.auth?.businessId ?? null);

  const businessesOf = async (ids: string[]) => {
    if (!businessColumn || ids.length === 0) return new Map<string, string | null>();
    const rows = await db
      .select({ id: table.id!, businessId: businessColumn })
      .from(table)
      .where(ids.length === 1 ? eq(table.id!, ids[0]!) : inArray(table.id!, ids));
    return new Map(rows.map((r) => [r.id as string, (r.businessId as string | null) ?? null]));
  };

  const readBusinessesFirst =
    (kind: WriteKind): preHandlerHookHandler =>
    async (request) => {
      if (callerBusiness(request) !== undefined) return;
      const ids = targetIds(resource, kind, request);
      // More than a bulk call accepts: the handler refuses it, nothing to read.
      if (ids.length === 0 || ids.length > 500) return;
      pending.set(request, { ...pending.get(request), before: await businessesOf(ids) });
    };

  const readAnswer: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode >= 300 || typeof payload !== 'string') return payload;
    try {
      const result = (JSON.parse(payload) as { result?: { id?: unknown; businessId?: unknown; imported?: unknown } })
        .result;
      const found: Pending = { ...pending.get(request) };
      if (isUuid(result?.id)) found.createdId = result.id;
      if (result?.businessId === null || isUuid(result?.businessId)) found.answerBusiness = result.businessId;
      if (typeof result?.imported === 'number') found.imported = result.imported;
      pending.set(request, found);
    } catch {
      // Not JSON: nothing to learn.
    }
    return payload;
  };

  const publishAfter =
    (kind: WriteKind): onResponseHookHandler =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const seen = pending.get(request) ?? {};
      pending.delete(request);
      if (reply.statusCode < 200 || reply.statusCode >= 300) return;
      const changed = await changedRows(kind, request, seen);
      if (changed) await publishRecordChanges(app, resource, ACTIONS[kind], changed);
    };

  async function changedRows(kind: WriteKind, request: FastifyRequest, seen: Pending): Promise<ChangedRows | null> {
    const own = callerBusiness(request);
    if (kind === 'import') {
      // A dry run changes nothing. Imported rows belong to the caller's business (an
      // administrator's to none), as single creates do; their ids are not in the answer.
      if (!seen.imported) return null;
      return new Map([[own ?? null, null]]);
    }
    const ids = kind === 'create' ? (seen.createdId ? [seen.createdId] : []) : targetIds(resource, kind, request);
    if (ids.length === 0) return null;
    if (own !== undefined) return new Map([[own, ids]]);
    // An administrator's created or changed record names its business in the answer (an update
    // does not move a record to another business); it is read back only if the answer does not.
    // A deleted one's was read before the handler ran.
    const single = kind === 'create' || kind === 'update';
    const businesses = !single
      ? (seen.before ?? new Map())
      : seen.answerBusiness !== undefined
        ? new Map([[ids[0]!, seen.answerBusiness]])
        : await businessesOf(ids);
    const changed: ChangedRows = new Map();
    for (const id of ids) {
      const business = businesses.get(id) ?? null;
      changed.set(business, [...(changed.get(business) ?? []), id]);
    }
    return changed;
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = asList<HTTPMethods>(route.method as HTTPMethods | HTTPMethods[]);
    const kind = methods.map((m) => routes.get(`${m} ${route.url}`.toLowerCase())).find(Boolean);
    if (!kind) return;
    if (resource.tenant && (kind === 'delete' || kind === 'bulkDelete' || kind === 'bulkAction')) {
      route.preHandler = [...asList(route.preHandler), readBusinessesFirst(kind)];
    }
    route.onSend = [...asList(route.onSend), readAnswer];
    route.onResponse = [...asList(route.onResponse), publishAfter(kind)];
  });
}

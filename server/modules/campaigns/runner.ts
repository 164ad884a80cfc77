/**
 * The queue's loop in each server process. It wakes for work rather than every second:
 * - at once when a campaign is scheduled or resumed here (wakeQueue);
 * - at the next due time it knows of: the earliest scheduled start, the earliest A/B decision;
 * - a second after a pass that sent (rows another process held, or freed by its crash, are taken
 *   then);
 * - and at the latest SAFETY_MS after its last pass, for what other processes changed and for a
 *   sending campaign that waits for its send window or its hourly cap.
 * Each pass first reads what lies ahead in one statement (outlook), so an idle pass is one
 * statement. Several processes run it side by side: the queue's locks (queue.ts) give each batch
 * to one of them. Closing the app waits for the batch in hand. See docs/email-campaigns.md.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { decideWinners, prepare, sendBatch, startDue } from './queue';
import { campaigns } from './tables';

/** Again this soon after a pass that sent. */
const TICK_MS = 1000;
/** At the latest this long after a pass. */
export const SAFETY_MS = 30_000;

interface Loop {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  /** The wait armed after the last pass, in ms (null before the first and while one runs). */
  wait: number | null;
}
// Keyed by the app's context: the routes that wake it live in a child plugin of the one that starts it.
const loops = new WeakMap<object, Loop>();

/** Sends batches of every sending campaign until nothing can be taken; answers the rows taken. */
async function sendAll(app: FastifyInstance, stop: () => boolean): Promise<number> {
  let total = 0;
  const sending = await app.ctx.database.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.status, 'sending'));
  for (const { id } of sending) {
    const prepared = await prepare(app, id);
    if (!prepared) continue;
    for (let taken = -1; taken !== 0 && !stop(); ) {
      taken = await sendBatch(app, prepared);
      total += taken;
    }
  }
  return total;
}

/** Starts every due campaign and sends until nothing can be taken; answers the rows taken. */
export async function drainQueue(app: FastifyInstance, stop: () => boolean = () => false): Promise<number> {
  await startDue(app);
  await decideWinners(app);
  return sendAll(app, stop);
}

/**
 * What lies ahead, in one statement over every business: the earliest scheduled start, the
 * earliest A/B decision (its start plus the wait) and how many campaigns are sending.
 */
async function outlook(app: FastifyInstance) {
  const c = campaigns;
  const [row] = await app.ctx.database.db
    .select({
      nextStart: sql<string | null>`min(${c.scheduledAt}) filter (where ${c.status} = 'scheduled')`,
      nextDecision: sql<string | null>`min(${c.startedAt} + make_interval(hours => ${c.abWaitHours}))
        filter (where ${c.status} = 'sending' and ${c.subjectB} is not null and ${c.abWinner} is null)`,
      sending: sql<number>`count(*) filter (where ${c.status} = 'sending')::int`,
    })
    .from(c)
    .where(inArray(c.status, ['scheduled', 'sending']));
  const time = (v: string | Date | null | undefined) => (v == null ? null : new Date(v).getTime());
  return {
    nextStart: time(row?.nextStart),
    nextDecision: time(row?.nextDecision),
    sending: Number(row?.sending ?? 0),
  };
}

/** One pass of the loop: does what is due now; answers how long to wait before the next. */
async function pass(app: FastifyInstance, stop: () => boolean): Promise<number> {
  for (;;) {
    const ahead = await outlook(app);
    const now = app.ctx.now();
    const started = ahead.nextStart !== null && ahead.nextStart <= now ? await startDue(app) : 0;
    const decided = ahead.nextDecision !== null && ahead.nextDecision <= now ? await decideWinners(app) : 0;
    const sent = ahead.sending || started || decided ? await sendAll(app, stop) : 0;
    if (stop()) return SAFETY_MS;
    // Started or decided: more may be due (a pass starts five at a time) and the new A/B
    // decisions' times are not in this outlook yet.
    if (started || decided) continue;
    if (sent) return TICK_MS;
    const times = [ahead.nextStart, ahead.nextDecision].filter((t): t is number => t !== null);
    // Due but taken by another process's pass (SKIP LOCKED): look again soon.
    if (times.some((t) => t <= now)) return TICK_MS;
    return Math.min(SAFETY_MS, ...times.map((t) => t - now));
  }
}

function run(app: FastifyInstance, loop: Loop) {
  if (loop.stopped) return;
  if (loop.running) {
    loop.again = true;
    return;
  }
  if (loop.timer) clearTimeout(loop.timer);
  loop.timer = null;
  loop.wait = null;
  loop.running = pass(app, () => loop.stopped)
    .catch((err: unknown) => {
      app.log.error({ err }, 'campaign queue');
      return SAFETY_MS;
    })
    .then((wait) => {
      loop.running = null;
      if (loop.again) {
        loop.again = false;
        run(app, loop);
      } else if (!loop.stopped) {
        loop.wait = Math.max(0, wait);
        loop.timer = setTimeout(() => run(app, loop), loop.wait);
      }
    });
}

export function startQueueLoop(app: FastifyInstance) {
  const loop: Loop = { timer: null, running: null, again: false, stopped: false, wait: null };
  loops.set(app.ctx, loop);
  app.addHook('onReady', async () => {
    run(app, loop);
  });
  app.addHook('onClose', async () => {
    loop.stopped = true;
    if (loop.timer) clearTimeout(loop.timer);
    await loop.running;
  });
}

/** A campaign was scheduled or resumed: look now rather than at the next due time. */
export function wakeQueue(app: FastifyInstance) {
  const loop = loops.get(app.ctx);
  if (loop) run(app, loop);
}

/** How long the loop waits before its next pass (null while a pass runs): what the tests read. */
export function queueWait(app: FastifyInstance): number | null {
  return loops.get(app.ctx)?.wait ?? null;
}

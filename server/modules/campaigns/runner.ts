/**
 * The queue's loop in each server process: every second (and at once when a campaign is
 * scheduled or resumed) it starts the due campaigns, picks the A/B winners whose wait is over, and sends batches of each sending one until
 * nothing it can take is left. Several processes run it side by side: the queue's locks
 * (queue.ts) give each batch to one of them. Closing the app waits for the batch in hand.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { decideWinners, prepare, sendBatch, startDue } from './queue';
import { campaigns } from './tables';

const TICK_MS = 1000;

interface Loop {
  timer: NodeJS.Timeout | null;
  running: Promise<number> | null;
  again: boolean;
  stopped: boolean;
}
// Keyed by the app's context: the routes that wake it live in a child plugin of the one that starts it.
const loops = new WeakMap<object, Loop>();

/** Starts every due campaign and sends until nothing can be taken; answers the rows taken. */
export async function drainQueue(app: FastifyInstance, stop: () => boolean = () => false): Promise<number> {
  let total = 0;
  await startDue(app);
  await decideWinners(app);
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

function run(app: FastifyInstance, loop: Loop) {
  if (loop.stopped) return;
  if (loop.running) {
    loop.again = true;
    return;
  }
  loop.running = drainQueue(app, () => loop.stopped)
    .catch((err: unknown) => {
      app.log.error({ err }, 'campaign queue');
      return 0;
    })
    .finally(() => {
      loop.running = null;
      if (loop.again) {
        loop.again = false;
        run(app, loop);
      }
    });
}

export function startQueueLoop(app: FastifyInstance) {
  const loop: Loop = { timer: null, running: null, again: false, stopped: false };
  loops.set(app.ctx, loop);
  app.addHook('onReady', async () => {
    loop.timer = setInterval(() => run(app, loop), TICK_MS);
  });
  app.addHook('onClose', async () => {
    loop.stopped = true;
    if (loop.timer) clearInterval(loop.timer);
    await loop.running;
  });
}

/** A campaign was scheduled or resumed: look now rather than at the next tick. */
export function wakeQueue(app: FastifyInstance) {
  const loop = loops.get(app.ctx);
  if (loop) run(app, loop);
}

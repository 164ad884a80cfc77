/**
 * The SMTP delivery worker (the webhooks' worker's pattern): every server process delivers the
 * outbox rows that are due every `mailPollMs` (delivery.ts: a failed attempt's back-off, a batch
 * row its writer never delivered, a dead attempt's lease); processes share the work through the
 * claim. Started when the app is ready, stopped (and waited for) on close. Nothing runs with the
 * outbox driver: its rows are recorded as written.
 *
 * Also the mail a request hands over once its change has committed (deliverAfterCommit): sent
 * in the background, not awaited by the request, and waited for on close.
 */
import type { FastifyInstance } from 'fastify';
import { DELIVERY_BATCH } from './delivery';
import type { RecordedBatch } from './types';

interface Worker {
  /** Deliveries handed over after a commit, still running. */
  pending: Set<Promise<void>>;
}
// Keyed by the app's context: the modules that hand mail over are other plugins of the same app.
const workers = new WeakMap<object, Worker>();

export function startMailWorker(app: FastifyInstance): void {
  const worker: Worker = { pending: new Set() };
  workers.set(app.ctx, worker);
  const everyMs = app.ctx.config.mailPollMs;
  let running: Promise<void> | null = null;
  let closed = false;

  const pass = () => {
    if (closed || running) return;
    running = (async () => {
      try {
        // A full batch means more may be due: keep going until a pass comes back short.
        while (!closed && (await app.ctx.mail.deliverDue(DELIVERY_BATCH)) >= DELIVERY_BATCH);
      } catch (err) {
        app.log.warn({ err }, 'mail delivery failed');
      }
    })().finally(() => {
      running = null;
    });
  };

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    if (app.ctx.mail.transport !== 'smtp' || everyMs <= 0) return;
    timer = setInterval(pass, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await Promise.all([running, ...worker.pending]);
  });
}

/**
 * Delivers a batch whose transaction has committed, in the background: the request answers
 * without waiting for SMTP, and a row not delivered here (SMTP down, the process stopped) is the
 * worker's after its grace. The outbox driver prints its lines at once, as before.
 */
export function deliverAfterCommit(app: FastifyInstance, recorded: RecordedBatch): void {
  const run = recorded
    .deliver()
    .catch((err: unknown) => app.log.warn({ err }, 'mail delivery after commit failed; the worker retries it'));
  const worker = workers.get(app.ctx);
  if (!worker) return;
  worker.pending.add(run);
  void run.finally(() => worker.pending.delete(run));
}

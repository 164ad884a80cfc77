/**
 * The delivery worker: every server process sends due deliveries every `webhooks.pollMs`, and
 * at once when a venue event has queued some (kick). Processes share the work through the
 * claim in delivery-service.ts. Started when the app is ready, stopped (and waited for) on close.
 */
import type { FastifyInstance } from 'fastify';
import { BATCH, runDueDeliveries } from './delivery-service';

export interface DeliveryWorker {
  /** Runs a pass soon (after a venue event queued deliveries). */
  kick(): void;
}

export function startDeliveryWorker(app: FastifyInstance): DeliveryWorker {
  const everyMs = app.ctx.config.webhooks.pollMs;
  if (everyMs <= 0) return { kick: () => undefined };
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const pass = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // A full batch means more may be due: keep going until a pass comes back short.
        while (!closed && (await runDueDeliveries(app)) >= BATCH);
      } catch (err) {
        app.log.warn({ err }, 'webhook deliveries failed');
      }
    })().finally(() => {
      running = null;
      if (again) {
        again = false;
        pass();
      }
    });
  };

  const timer = setInterval(pass, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
  return { kick: () => setImmediate(pass) };
}

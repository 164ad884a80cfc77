import type { FastifyReply } from 'fastify';

/**
 * Aborted when the asker goes away before the answer is finished, so the answer (and a model's
 * stream) stops. It is the response's close that tells: a POST's request has already closed by the
 * time its handler runs (its body was read), so a listener on the request never heard it.
 */
export function hangUpSignal(reply: FastifyReply): AbortSignal {
  const abort = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abort.abort();
  });
  return abort.signal;
}

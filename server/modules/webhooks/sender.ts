/**
 * One HTTP attempt of a delivery: POST the JSON body, signed, to the checked address, within a
 * time limit, without following redirects; the answer's status and the time it took are what
 * the delivery log shows.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { formatMessage } from '../../../src/domain/messages';
import { DestinationError, pinnedLookup, resolveDestination } from './destination';
import { signDelivery } from './signature';

/** A receiver gets this long to answer (headers and body). */
export const SEND_TIMEOUT_MS = 10_000;
/** The answer's body is read up to this much, then dropped (it is not stored). */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendInput {
  url: string;
  secret: string;
  /** The delivery's id: the same on every attempt, so receivers can drop duplicates. */
  deliveryId: string;
  body: string;
  /** Unix seconds, from the app's clock. */
  timestamp: number;
  allowPrivate: boolean;
  timeoutMs?: number;
}

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  responseMs: number | null;
  /** What went wrong, as a MESSAGES text; null on success. */
  error: string | null;
}

export async function sendSigned(input: SendInput): Promise<SendResult> {
  let destination;
  try {
    destination = await resolveDestination(input.url, input.allowPrivate);
  } catch (err) {
    if (err instanceof DestinationError) return { ok: false, statusCode: null, responseMs: null, error: err.message };
    throw err;
  }
  const { url } = destination;
  const host = url.hostname;
  const timeoutMs = input.timeoutMs ?? SEND_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(input.body)),
    'user-agent': 'BackOffice-Webhooks/1',
    'webhook-id': input.deliveryId,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signDelivery(input.secret, input.timestamp, input.body),
  };
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'POST', headers, lookup: pinnedLookup(destination), agent: false },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => {
          const statusCode = res.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          finish({
            ok,
            statusCode,
            responseMs: elapsed(),
            error: ok ? null : formatMessage('webhookHttpStatus', { status: statusCode }),
          });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({
        ok: false,
        statusCode: null,
        responseMs: elapsed(),
        error: formatMessage('webhookTimeout', { seconds: Math.round(timeoutMs / 1000) }),
      });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      const reason = err.code ?? err.message;
      finish({
        ok: false,
        statusCode: null,
        responseMs: elapsed(),
        error: formatMessage('webhookConnectionFailed', { host, reason }),
      });
    });
    req.end(input.body);
  });
}

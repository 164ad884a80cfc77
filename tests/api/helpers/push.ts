/**
 * A web push sender that records what would have been sent (put in with
 * `pushServiceOf(app.ctx)!.sender = new FakeSender()`), and keys a browser subscribes with.
 */
import type { PushSender, PushTarget } from '../../../server/modules/notifications/push-sender';

/** Records what would have been sent; endpoints listed in `fail` answer with that status. */
export class FakeSender implements PushSender {
  sent: { target: PushTarget; payload: Record<string, unknown>; subject: string; publicKey: string }[] = [];
  fail = new Map<string, number>();
  async send(target: PushTarget, payload: string, vapid: { subject: string; publicKey: string }) {
    const status = this.fail.get(target.endpoint);
    if (status) throw Object.assign(new Error(`push service answered ${status}`), { statusCode: status });
    this.sent.push({ target, payload: JSON.parse(payload), subject: vapid.subject, publicKey: vapid.publicKey });
  }
}

/** A browser's subscription keys (a real P-256 public key and auth secret). */
export const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/app';
import { mailOutbox } from '../../server/db/schema';

/** With SMTP_URL set, mail is delivered over SMTP (and still recorded in the outbox). */
let t: TestApp;
let smtp: SMTPServer;
const received: { to: string[]; body: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP mail adapter', () => {
  it('delivers the recovery code and marks the outbox row sent', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/User/forgot-password',
      payload: { email: 'user@demo.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['user@demo.test']);
    expect(received[0]!.body).toMatch(/recovery code is \d{6}/);
    const [row] = await t.db.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'user@demo.test'));
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});

/**
 * The full card number never appears anywhere: not in any table, not in a log line (request
 * logging on, level trace), not in any response — across success, declines, validation errors,
 * malformed bodies and idempotent replays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { copyTemplate, type TestDatabase } from './helpers/database';
import { cardPayload } from './helpers/payments';
import { API, apiPath } from '../../src/domain/api-paths';
import { TEST_CARDS } from '../../server/modules/payments/processors/test-cards';

const PANS = [
  TEST_CARDS.success,
  TEST_CARDS.amex,
  TEST_CARDS.declined,
  TEST_CARDS.insufficientFunds,
  TEST_CARDS.expired,
  '5105105105105100',
];
const CVC = '9731';

let app: FastifyInstance;
let database: TestDatabase;
const logLines: string[] = [];
const responses: LightMyRequestResponse[] = [];
let previous: string | undefined;

beforeAll(async () => {
  previous = process.env.LOG_REQUESTS;
  process.env.LOG_REQUESTS = 'true';
  database = await copyTemplate();
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  app = await buildApp(loadConfig({ LOG_LEVEL: 'trace', CLIENT_DIR: '/nonexistent-client-dir' }), {
    database: database.database,
    logger: { level: 'trace', stream },
    mailLog: (line) => logLines.push(line),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.dispose();
  process.env.LOG_REQUESTS = previous;
});

async function call(options: InjectOptions) {
  const res = await app.inject(options);
  responses.push(res);
  return res;
}

describe('card numbers never stored, logged or returned', () => {
  it('runs every card flow', async () => {
    const login = await call({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'clubowner@demo.test', password: DEMO_PASSWORD },
    });
    const auth = { authorization: String(login.headers.authorization) };
    // Saved cards: success (visa, amex), declines, a validation failure, an idempotent replay.
    expect(
      (await call({ method: 'POST', url: API.addPaymentMethod, headers: auth, payload: cardPayload() })).statusCode,
    ).toBe(200);
    expect(
      (
        await call({
          method: 'POST',
          url: API.addPaymentMethod,
          headers: { ...auth, 'idempotency-key': 'k1' },
          payload: cardPayload({ number: TEST_CARDS.amex, cvc: CVC }),
        })
      ).statusCode,
    ).toBe(200);
    await call({
      method: 'POST',
      url: API.addPaymentMethod,
      headers: { ...auth, 'idempotency-key': 'k1' },
      payload: cardPayload({ number: TEST_CARDS.amex, cvc: CVC }),
    });
    for (const number of [TEST_CARDS.declined, TEST_CARDS.insufficientFunds, TEST_CARDS.expired]) {
      expect(
        (await call({ method: 'POST', url: API.addPaymentMethod, headers: auth, payload: cardPayload({ number }) }))
          .statusCode,
      ).toBe(402);
    }
    expect(
      (
        await call({
          method: 'POST',
          url: API.addPaymentMethod,
          headers: auth,
          payload: cardPayload({ number: '5105105105105100', zipCode: 'abc' }),
        })
      ).statusCode,
    ).toBe(400);
    // A malformed JSON body carrying a number, and a wrong content type.
    await call({
      method: 'POST',
      url: API.addPaymentMethod,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: `{"number":"${TEST_CARDS.success}",`,
    });
    await call({
      method: 'POST',
      url: API.addPaymentMethod,
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: TEST_CARDS.success,
    });
    // Subscription and a logged-out payment (success + decline) and a refund. The trial is
    // ended first, so the subscription is charged now (during a trial it waits for its end).
    await app.ctx.database.db.execute(sql`update users set trial_ends_at = null where email = 'clubowner@demo.test'`);
    const plans = (await call({ method: 'GET', url: API.plansByRole, headers: auth })).json().result;
    const pro = plans.find((p: { name: string }) => p.name === 'Pro').id;
    expect(
      (await call({ method: 'POST', url: API.subscription, headers: auth, payload: { planId: pro } })).statusCode,
    ).toBe(200);
    const link = (
      await call({
        method: 'POST',
        url: API.checkoutSession,
        headers: auth,
        payload: { amount: 1234, description: 'Deposit' },
      })
    ).json().result;
    const payUrl = apiPath(API.publicPaymentLinkPay, { token: link.token });
    expect(
      (await call({ method: 'POST', url: payUrl, payload: cardPayload({ number: TEST_CARDS.declined }) })).statusCode,
    ).toBe(402);
    const paid = await call({
      method: 'POST',
      url: payUrl,
      payload: cardPayload({ number: TEST_CARDS.amex, cvc: CVC }),
    });
    expect(paid.statusCode).toBe(200);
    const refund = await call({
      method: 'POST',
      url: apiPath(API.refundTransaction, { transactionId: paid.json().result.transactionId }),
      headers: auth,
      payload: {},
    });
    expect(refund.statusCode).toBe(200);
    // Lists that show cards and payments.
    for (const url of [API.cards, API.defaultCard, API.transactions, API.paymentLinks, API.invoices]) {
      expect((await call({ method: 'GET', url, headers: auth })).statusCode).toBe(200);
    }
  });

  it('no table holds a full card number or the CVC', async () => {
    const { db } = app.ctx.database;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.length).toBeGreaterThan(10);
    let scanned = 0;
    for (const { table_name } of tables.rows) {
      const rows = (await db.execute(
        sql.raw(`select row_to_json(t)::text as j from "${table_name}" t`),
      )) as unknown as {
        rows: { j: string }[];
      };
      const dump = rows.rows.map((r) => r.j).join('\n');
      scanned += rows.rows.length;
      for (const pan of PANS) expect(dump, `${table_name} holds ${pan}`).not.toContain(pan);
      if (table_name.startsWith('payment') || table_name.startsWith('local_') || table_name.startsWith('idempotency')) {
        expect(dump, `${table_name} holds the CVC`).not.toContain(`"${CVC}"`);
      }
    }
    expect(scanned).toBeGreaterThan(20);
  });

  it('no log line and no response contains a full card number', async () => {
    expect(logLines.some((l) => l.includes('"incoming request"') || l.includes('request completed'))).toBe(true);
    const logs = logLines.join('\n');
    for (const pan of PANS) expect(logs).not.toContain(pan);
    const bodies = responses.map((r) => r.body + JSON.stringify(r.headers)).join('\n');
    for (const pan of PANS) expect(bodies).not.toContain(pan);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { frameworkErrors, registerErrorHandler } from '../../server/http/error-handler';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../server/http/errors';

/** The error handler alone: every kind of failure gets its status and the contract body. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false, frameworkErrors });
  registerErrorHandler(app);
  app.get('/item/:id', async () => ({ result: true }));
  const fail = (path: string, error: () => unknown) =>
    app.get(path, async () => {
      throw error();
    });
  fail('/bad', () => badRequest('Nope', { name: 'Name is required' }));
  fail('/forbidden', () => forbidden());
  fail('/missing', () => notFound());
  fail('/conflict', () => conflict());
  fail('/limited', () => tooManyRequests(30));
  // what Drizzle throws around a driver error on a unique index
  fail('/unique', () =>
    Object.assign(new Error('Failed query: insert …'), {
      cause: { code: '23505', detail: 'Key (email)=(a@b.c) already exists.' },
    }),
  );
  fail('/bad-uuid', () => Object.assign(new Error('invalid input syntax for type uuid'), { code: '22P02' }));
  // what the driver throws for a NUL in text (22021) and a \u0000 in jsonb (22P05)
  fail('/nul-text', () =>
    Object.assign(new Error('Failed query: update …'), {
      cause: { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    }),
  );
  fail('/nul-json', () => Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' }));
  fail('/like-escape', () =>
    Object.assign(new Error('LIKE pattern must not end with escape character'), { code: '22025' }),
  );
  fail('/check', () => Object.assign(new Error('violates check constraint "amount_positive"'), { code: '23514' }));
  fail('/index-row', () => Object.assign(new Error('index row requires 9000 bytes'), { code: '54000' }));
  fail('/not-null', () => Object.assign(new Error('null value in column "value"'), { code: '23502' }));
  fail('/bug', () => new TypeError("Cannot read properties of undefined (reading 'id')"));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ method: 'GET', url });

describe('error handler', () => {
  it('answers what a handler threw on purpose', async () => {
    expect((await get('/bad')).json()).toEqual({ message: 'Nope', errors: { name: 'Name is required' } });
    expect((await get('/forbidden')).statusCode).toBe(403);
    expect((await get('/missing')).statusCode).toBe(404);
    expect((await get('/conflict')).statusCode).toBe(409);
    const limited = await get('/limited');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('30');
  });

  it('maps database refusals of client input to 409/400 without leaking the SQL', async () => {
    const unique = await get('/unique');
    expect(unique.statusCode).toBe(409);
    expect(unique.json()).toEqual({ message: 'This conflicts with existing data', errors: {} });
    expect(unique.body).not.toContain('Key (email)');
    expect((await get('/bad-uuid')).statusCode).toBe(400);
  });

  it('answers text the database cannot store with 400 (the net behind the hostile-input hook)', async () => {
    for (const path of ['/nul-text', '/nul-json']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({ message: 'Contains a character that is not allowed', errors: {} });
      expect(res.body, path).not.toMatch(/UTF8|0x00|Unicode escape/);
    }
    for (const path of ['/like-escape', '/check', '/index-row', '/not-null']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toEqual({ message: 'Some fields are not valid', errors: {} });
    }
  });

  it("answers the router's own refusals (broken escapes, over-long parameters) with the contract body", async () => {
    for (const url of ['/item/%E0%A4%A', '/item/%ED%A0%80', `/item/${'x'.repeat(500)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'Some fields are not valid', errors: {} });
    }
    expect((await get('/item/1')).statusCode).toBe(200);
  });

  it('turns a bug into a 500 with a plain message and no stack trace', async () => {
    const res = await get('/bug');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again', errors: {} });
    expect(res.body).not.toMatch(/TypeError|reading 'id'|\.ts:\d+/);
  });
});

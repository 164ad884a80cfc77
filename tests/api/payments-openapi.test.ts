/**
 * Every payment route documents its answers: /docs/json lists a response body for each
 * operation (what the route's response schema lets out), and the PDF route its file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

const PAYMENT_TAGS = new Set(['Payments', 'Plans', 'Payment links', 'Transactions', 'Connect', 'Lookups']);

interface Operation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('payments in the OpenAPI document', () => {
  it('every payment operation declares its success body and the error bodies it can give', async () => {
    const doc = (await t.call({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.some((tag) => PAYMENT_TAGS.has(tag)))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    // 28 routes, plus the local processor's onboarding page (the default processor in tests), plus
    // the catalogue's two lookups (categories, tax codes), which share the states' Lookups tag.
    expect(ops).toHaveLength(31);
    for (const { name, op } of ops) {
      const success = op.responses?.['200'] ?? op.responses?.['302'];
      expect(success, name).toBeDefined();
      if (op.responses?.['302']) continue;
      const [contentType, media] = Object.entries(success!.content ?? {})[0] ?? [];
      if (contentType === 'application/pdf') {
        expect(media?.schema).toMatchObject({ type: 'string', format: 'binary' });
        continue;
      }
      expect(media?.schema?.properties, name).toHaveProperty('result');
      expect(op.responses?.['400'] ?? op.responses?.['404'], `${name} error body`).toBeDefined();
    }
  });

  it('documents the fields of a body, with times as date-time strings', async () => {
    const doc = (await t.call({ method: 'GET', url: '/docs/json' })).json();
    const list = doc.paths['/api/Payment/transactions'].get.responses['200'].content['application/json'].schema;
    const item = list.properties.result.items;
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(['amount', 'refundable', 'refunds']));
    expect(item.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(item.properties.processorChargeId).toBeUndefined();
  });
});

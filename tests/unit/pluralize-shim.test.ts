// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import pluralize from '../../src/providers/shims/pluralize';
import { RESOURCES } from '../../src/resources/registry';

// The package itself (the client build's alias does not reach a require).
const real = createRequire(import.meta.url)('pluralize') as typeof pluralize;

/** Refine's humanizeString (@refinedev/core), which its friendly names pass through before `plural`. */
function humanize(text: string): string {
  const spaced = text
    .replace(/([a-z]{1})([A-Z]{1})/g, '$1-$2')
    .replace(/([A-Z]{1})([A-Z]{1})([a-z]{1})/g, '$1-$2$3')
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The client build's pluralize (src/providers/shims/pluralize.ts) against the real package, on
 * what Refine passes it: a resource's name (its `singular` in the mutation hooks) and the
 * humanized name (its friendly names' `plural` and `singular`). Besides the declared resources,
 * the other resource names the screens use, and the everyday nouns of the product's areas.
 */
const SCREEN_RESOURCES = [
  'accessLog',
  'adminRecentMail',
  'availabilityExceptions',
  'formSubmissions',
  'forms',
  'onlineUsers',
  'paymentLinks',
  'supportAgents',
];
const NOUNS = [
  'account',
  'address',
  'addresses',
  'agent',
  'analysis',
  'booking',
  'box',
  'business',
  'businesses',
  'campaign',
  'category',
  'categories',
  'chat',
  'child',
  'children',
  'city',
  'class',
  'closure',
  'club',
  'company',
  'contact',
  'country',
  'delivery',
  'deliveries',
  'device',
  'document',
  'domain',
  'email',
  'employee',
  'event',
  'file',
  'folder',
  'form',
  'gallery',
  'galleries',
  'hour',
  'index',
  'invoice',
  'key',
  'log',
  'man',
  'market',
  'match',
  'matches',
  'media',
  'menu',
  'message',
  'news',
  'notification',
  'order',
  'page',
  'passkey',
  'payment',
  'payout',
  'people',
  'person',
  'photo',
  'plan',
  'policy',
  'policies',
  'product',
  'quote',
  'quiz',
  'refund',
  'reply',
  'replies',
  'report',
  'reservation',
  'role',
  'schedule',
  'seat',
  'sender',
  'series',
  'session',
  'setting',
  'slot',
  'staff',
  'status',
  'statuses',
  'story',
  'subscription',
  'summary',
  'table',
  'task',
  'tax',
  'team',
  'template',
  'ticket',
  'tie',
  'transaction',
  'truck',
  'user',
  'venue',
  'webhook',
  'woman',
  'zone',
  'USERS',
  'Venues',
  'serviceTicket',
  'EmailEvent',
];

const words = [...new Set([...RESOURCES.map((r) => r.name), ...SCREEN_RESOURCES, ...NOUNS])];
const cases = [...new Set([...words, ...words.map(humanize)])];

describe('the pluralize shim', () => {
  it.each(cases)('%s: the same plural and singular as the package', (word) => {
    expect({ plural: pluralize.plural(word), singular: pluralize.singular(word) }).toEqual({
      plural: real.plural(word),
      singular: real.singular(word),
    });
  });

  it('counts as the package does', () => {
    expect([pluralize('venue', 1), pluralize('venue', 2), pluralize('company', 0)]).toEqual([
      real('venue', 1),
      real('venue', 2),
      real('company', 0),
    ]);
  });
});

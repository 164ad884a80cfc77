// @vitest-environment node
/**
 * The resolver a domain check names (server/modules/domains/resolver.ts) is shown inside a
 * translated sentence ("Checked … through the resolver {{resolver}}", en and es): its label is
 * the addresses asked, with no English word in it.
 */
import { Resolver } from 'node:dns/promises';
import { describe, expect, it } from 'vitest';
import { createResolver } from '../../server/modules/domains/resolver';

describe('the domain check resolver label', () => {
  it("is the system's resolver addresses when none is configured", async () => {
    const { label } = await createResolver([], 1000);
    expect(label).toBe(new Resolver().getServers().join(', '));
    expect(label).not.toMatch(/system|none/);
  });

  it('is the configured servers as written', async () => {
    expect((await createResolver(['127.0.0.1:5353', '[::1]:53'], 1000)).label).toBe('127.0.0.1:5353, [::1]:53');
  });
});

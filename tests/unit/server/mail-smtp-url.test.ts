// @vitest-environment node
/**
 * The SMTP transport's timeouts (server/modules/mail/drivers/smtp.ts withTimeouts): an attempt
 * must end well inside its claim's lease (delivery.ts LEASE_MS), or another process could take
 * the row while it is still being sent and send it twice. nodemailer reads the URL's query as
 * options; the URL's own values win, and its credentials and other options are kept.
 */
import { describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../../server/modules/mail/delivery';
import { withTimeouts } from '../../../server/modules/mail/drivers/smtp';

describe('withTimeouts', () => {
  it('bounds connection, greeting and idle socket well inside the lease, keeping the credentials', () => {
    const url = new URL(withTimeouts('smtps://user:p%40ss@smtp.example.com:465'));
    expect(url.protocol).toBe('smtps:');
    expect(url.username).toBe('user');
    expect(url.password).toBe('p%40ss');
    expect(url.host).toBe('smtp.example.com:465');
    for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
      const ms = Number(url.searchParams.get(key));
      expect(ms, key).toBeGreaterThan(0);
      expect(ms, key).toBeLessThanOrEqual(LEASE_MS / 3);
    }
  });

  it("keeps the URL's own timeouts and options", () => {
    const url = new URL(withTimeouts('smtp://127.0.0.1:2525?socketTimeout=5000&pool=true'));
    expect(url.searchParams.get('socketTimeout')).toBe('5000');
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('greetingTimeout')).not.toBeNull();
  });
});

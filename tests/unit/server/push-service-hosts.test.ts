// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { assertPushService } from '../../../server/modules/notifications/push-routes';
import { loadConfig } from '../../../server/config';

describe('push service allow-list', () => {
  const hosts = loadConfig({}).pushServiceHosts;
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://db5p.notify.windows.com/w/?token=abc',
    'https://web.push.apple.com/abc',
  ])('accepts the browsers’ push services: %s', (url) => {
    expect(() => assertPushService(hosts, url)).not.toThrow();
  });

  it.each(['https://evil.example/x', 'https://push.apple.com.evil.example/x', 'https://127.0.0.1/x'])(
    'refuses other hosts: %s',
    (url) => {
      expect(() => assertPushService(hosts, url)).toThrow('This push service is not supported');
    },
  );

  it("'*' allows any host (self-hosted push services)", () => {
    expect(() => assertPushService(['*'], 'https://push.internal.example/x')).not.toThrow();
  });
});

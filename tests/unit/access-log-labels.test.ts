// @vitest-environment node
import { describe, expect, it } from 'vitest';
// The access log is drawn on the profile page, so its labels are the profile area's strings.
import en from '../../src/custom/profile/locales/en.json';
import es from '../../src/custom/profile/locales/es.json';
import { ACCESS_EVENTS } from '../../src/domain/access-log';

describe('access log labels', () => {
  it.each(ACCESS_EVENTS)('every event the server logs has a label in en and es: %s', (event) => {
    expect((en.accessLog.events as Record<string, string>)[event]).toBeTruthy();
    expect((es.accessLog.events as Record<string, string>)[event]).toBeTruthy();
  });
});

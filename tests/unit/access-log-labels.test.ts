// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { ACCESS_EVENTS } from '../../src/domain/access-log';

describe('access log labels', () => {
  it.each(ACCESS_EVENTS)('every event the server logs has a label in en and es: %s', (event) => {
    expect((en.accessLog.events as Record<string, string>)[event]).toBeTruthy();
    expect((es.accessLog.events as Record<string, string>)[event]).toBeTruthy();
  });
});

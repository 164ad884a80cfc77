/**
 * @simplewebauthn/server, loaded on the first passkey call rather than at start: importing it
 * costs ~300 ms, which every `npm start` would pay whether anyone uses a passkey or not.
 */
import type * as SimpleWebAuthn from '@simplewebauthn/server';

let loading: Promise<typeof SimpleWebAuthn> | undefined;

export function webauthn() {
  loading ??= import('@simplewebauthn/server');
  return loading;
}

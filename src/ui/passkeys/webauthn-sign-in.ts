/**
 * The sign-in half of @simplewebauthn/browser: what the login page needs (support checks,
 * startAuthentication, aborting a waiting autofill). Registration is in webauthn-register.ts,
 * so the login page does not fetch it.
 */
export {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';

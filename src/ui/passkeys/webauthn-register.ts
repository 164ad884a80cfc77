/**
 * The registration half of @simplewebauthn/browser, for the profile's passkey screen
 * (passkey-ceremony.ts, loadWebAuthn). The login page loads webauthn-sign-in.ts instead.
 */
export { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';

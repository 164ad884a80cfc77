/**
 * The senders area's names, states and code rules, apart from its schemas (senders.ts) so that the
 * declared resource, read by the signed-in shell for the sidebar, loads no schema library with them.
 */
export const SENDERS_API = {
  base: '/api/crmmanagement/senders',
  verify: '/api/crmmanagement/senders/verify',
  resend: '/api/crmmanagement/senders/resend',
} as const;

export const SENDER_STATUSES = ['pending', 'verified'] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];

/**
 * How long a mailed code holds, how many wrong tries it takes, and how soon a new one may be mailed
 * (the address may be anyone's: without a wait, Resend would mail it as often as it is pressed).
 */
export const SENDER_CODE = { ttlMinutes: 30, maxAttempts: 5, resendAfterSeconds: 60 } as const;

/** The domain part of an address, lower-cased (the caller turns it into punycode). */
export const addressDomain = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

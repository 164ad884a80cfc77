/** Security events written to a user's access log (product brief section 7, GET/DELETE /api/User/logs). */
export const ACCESS_EVENTS = [
  'login',
  'login_failed',
  'refresh',
  'refresh_reuse',
  'logout',
  'password_reset_requested',
  'password_reset_code_failed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'two_factor_authorized',
  'two_factor_recovery_code_used',
  'two_factor_failed',
  'two_factor_locked',
  'passkey',
  'passkey_added',
  'passkey_removed',
  'password_changed',
  'password_change_failed',
  'email_changed',
  'phone_changed',
  'member_code_sent',
  'member_activated',
  'member_activation_failed',
] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

/** One row of GET /api/User/logs. */
export interface AccessLogEntry {
  id: string;
  event: AccessEvent;
  success: boolean;
  ip: string | null;
  userAgent: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * API paths the client calls and the server serves (spec section 7). Routing is
 * case-insensitive on the server, so the spec's mixed casing is kept as written.
 */
export const API = {
  login: '/api/user/login',
  validateToken: '/api/User/validate-token',
  refreshToken: '/api/User/refresh-token',
  logout: '/api/User/logout',
  forgotPassword: '/api/User/forgot-password',
  resendCode: '/api/User/resend-code',
  recoveryChangePassword: '/api/User/recovery-change-password',
  me: '/api/User/me',
  logs: '/api/User/logs',
  onlineUsers: '/api/AdminAccount/online-users',
  userStatus: '/api/AdminAccount/user-status',
  businessInfo: '/api/Business/business-info',
  companyName: '/api/Business/company-name',
  notifications: '/api/Notification/notifications',
  latestNotifications: '/api/Notification/latest_notifications',
  markNotificationRead: '/api/Notification/mark_as_read_notification',
  archiveNotification: '/api/Notification/archived_notification',
  markNotificationsRead: '/api/Notification/mark_as_read_notifications',
  archiveNotifications: '/api/Notification/archived_notifications',
  announcement: '/api/Notification/announcement',
  vapidPublicKey: '/api/Notification/vapid-public-key',
  subscribePush: '/api/Notification/subscribe-push',
  unsubscribePush: '/api/Notification/unsubscribe-push',
  pushSubscriptionChange: '/api/Notification/pushsubscription-change',
  health: '/health',
} as const;

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
  businessInfo: '/api/Business/business-info',
  companyName: '/api/Business/company-name',
  health: '/health',
} as const;

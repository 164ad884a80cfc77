/**
 * The user module's face: what other modules and the rest of the server use of it — account
 * writes, sessions, the access log, rate limits and the signed-in user's data. Anything else in
 * this folder is the module's own (docs/architecture.md, "Where an area's files go").
 */
export { logAccess } from './access-log';
export {
  accountByEmail,
  accountLanguage,
  activateMember,
  completeProfile,
  createInvitedMember,
  deleteMemberAccount,
  insertAccount,
  setAccountState,
  setBillingState,
  setEmail,
  setLanguage,
  setPassword,
  setPasswordHash,
  setPhone,
  setProfileFields,
  setSelectedBusiness,
  setStatus,
  setTwoFactorFlag,
  unusablePasswordHash,
} from './accounts';
export type { Writer } from './accounts';
export { countedGuess, countedRequest, enforceAccountLimit, perIpLimit } from './rate-limits';
export { businessSchema, userDataSchema } from './schemas';
export { openSession, revokeAllSessions, revokeOtherSessions, setTokenHeaders } from './sessions';
export { loadUserData } from './user-data';

import { API } from '../../domain/api-paths';
import type { UserData } from '../../domain/user';
import { http } from '../../providers/http';
import { updateSession } from '../../providers/session';

/** GET /api/User/profile: userData plus what only the profile screen needs. */
export interface Profile extends UserData {
  avatarUrl: string | null;
  pendingEmail: string | null;
  pendingPhone: string | null;
}

export type ContactKind = 'email' | 'phone';

export const CONTACT_PATHS: Record<ContactKind, { request: string; resend: string; verify: string }> = {
  email: { request: API.requestChangeEmail, resend: API.resendCodeEmail, verify: API.verifyChangeEmail },
  phone: { request: API.requestChangePhone, resend: API.resendCodePhone, verify: API.verifyChangePhone },
};

/** Keeps the stored session's userData in step with what the server just answered. */
export function applyToSession(profile: Profile | UserData): void {
  const { avatarUrl: _a, pendingEmail: _e, pendingPhone: _p, ...userData } = profile as Profile;
  updateSession({ userData });
}

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const { data } = await http.get<Profile>(API.profile, { signal });
  return data;
}

/** Sends the names (and a first phone) as multipart, with the picture when one was picked. */
export async function saveProfile(input: {
  firstName: string;
  lastName: string;
  name?: string;
  phone?: string;
  avatar?: File | null;
  removeAvatar?: boolean;
}): Promise<Profile> {
  const form = new FormData();
  form.append('firstName', input.firstName);
  form.append('lastName', input.lastName);
  if (input.name !== undefined) form.append('name', input.name);
  if (input.phone !== undefined) form.append('phone', input.phone);
  if (input.removeAvatar) form.append('removeAvatar', 'true');
  if (input.avatar) form.append('avatar', input.avatar, input.avatar.name);
  const { data } = await http.patch<Profile>(API.updateProfile, form);
  applyToSession(data);
  return data;
}

export async function requestContactCode(kind: ContactKind, value: string): Promise<string> {
  const body = kind === 'email' ? { email: value } : { phone: value };
  const { data } = await http.post<{ message: string; target: string }>(CONTACT_PATHS[kind].request, body);
  return data.target;
}

export async function resendContactCode(kind: ContactKind): Promise<void> {
  await http.post(CONTACT_PATHS[kind].resend, {});
}

export async function verifyContactCode(kind: ContactKind, code: string): Promise<Profile> {
  const { data } = await http.post<{ message: string; user: Profile }>(CONTACT_PATHS[kind].verify, { code });
  applyToSession(data.user);
  return data.user;
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await http.post(API.changePassword, { currentPassword, newPassword });
}

import { API } from '../../domain/api-paths';
import type { UserData } from '../../domain/user';
import { http } from '../http';
import { setStoredUser, signOut } from '../session';

/**
 * An invited team member accepts the invitation (product brief section 7, Member): the emailed code and
 * a new password. The answer is a session, stored exactly like a login's.
 */
export async function activateMember(email: string, code: string, password: string): Promise<UserData> {
  try {
    const { data, headers } = await http.post<UserData>(API.memberActivated, { email, code, password });
    setStoredUser({
      auth: { authorization: headers.get('authorization') ?? '', refreshtoken: headers.get('refreshtoken') ?? '' },
      userData: data,
      isLoggedIn: true,
    });
    return data;
  } catch (error) {
    signOut('logout');
    throw error;
  }
}

/** Asks for a new invitation code (the server answers the same whether or not one is waiting). */
export async function resendMemberCode(email: string): Promise<string> {
  const { data } = await http.post<{ message: string }>(API.memberRefreshToken, { email });
  return data.message;
}

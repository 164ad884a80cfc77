/** The profile's passkey calls: create one on this device (options, ceremony, verify), list, rename, delete. */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { API } from '../../domain/api-paths';
import { PASSKEY_LIMITS, type PasskeySummary } from '../../domain/schemas/passkey';
import { http } from '../../providers/http';
import { loadWebAuthn } from './passkey-ceremony';

/** Creates a passkey on this device for the signed-in user and stores it under `name`. */
export async function registerPasskey(name: string): Promise<PasskeySummary> {
  const webauthn = await loadWebAuthn();
  const { data: optionsJSON } = await http.post<PublicKeyCredentialCreationOptionsJSON>(API.passkeyRegistrationOptions);
  const registrationRawResponse = await webauthn.startRegistration({ optionsJSON });
  const { data } = await http.post<PasskeySummary>(API.passkeyRegistration, { registrationRawResponse, name });
  return data;
}

export async function listPasskeys(signal?: AbortSignal): Promise<PasskeySummary[]> {
  const { data } = await http.get<PasskeySummary[]>(API.passkeys, {
    query: { page: 1, perPage: PASSKEY_LIMITS.maxPerUser },
    signal,
  });
  return data;
}

export async function renamePasskey(passkeyId: string, name: string): Promise<PasskeySummary> {
  const { data } = await http.patch<PasskeySummary>(API.passkeys, { name }, { query: { passkeyId } });
  return data;
}

export async function deletePasskey(passkeyId: string): Promise<void> {
  await http.delete<boolean>(API.passkeys, { query: { passkeyId } });
}

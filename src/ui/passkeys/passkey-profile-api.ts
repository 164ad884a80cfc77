/**
 * The profile's passkey ceremony: create one on this device (options, ceremony, verify). The
 * list, rename and delete go through Refine's data layer (PasskeysSection).
 */
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { API } from '../../domain/api-paths';
import type { PasskeySummary } from '../../domain/schemas/passkey';
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

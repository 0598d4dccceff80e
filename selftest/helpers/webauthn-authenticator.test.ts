// The suite's software authenticator makes registrations an independent WebAuthn verifier
// (@simplewebauthn/server) accepts, and the verifier refuses them when the relying party, origin or
// challenge differ: the passkey scenarios test the target, not the authenticator.
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { SoftwareAuthenticator } from '../../helpers/authenticators/webauthn.js';

const RP = 'rp.example';
const ORIGIN = `https://${RP}`;

async function options() {
  return generateRegistrationOptions({ rpName: 'test', rpID: RP, userName: 'alice', attestationType: 'none', supportedAlgorithmIDs: [-7] });
}
const verify = (response: unknown, challenge: string, origin = ORIGIN, rpId = RP) =>
  verifyRegistrationResponse({ response: response as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpId, requireUserVerification: true });

describe('software WebAuthn authenticator', () => {
  it('makes a "none" attestation that verifies, with its credential id and an ES256 P-256 key', async () => {
    const o = await options();
    const authenticator = new SoftwareAuthenticator();
    const result = await verify(authenticator.register(o, ORIGIN, RP), o.challenge);
    expect(result.verified).toBe(true);
    expect(result.registrationInfo!.credential.id).toBe(authenticator.credentialIdB64url);
    expect(result.registrationInfo!.fmt).toBe('none');
  });

  it('is refused for another challenge, origin or relying party', async () => {
    const o = await options();
    const a = new SoftwareAuthenticator();
    await expect(verify(a.register(o, ORIGIN, RP, { challenge: 'AAAA' }), o.challenge)).rejects.toThrow();
    await expect(verify(a.register(o, 'https://evil.example', RP), o.challenge)).rejects.toThrow();
    await expect(verify(a.register(o, ORIGIN, 'evil.example'), o.challenge)).rejects.toThrow();
  });

  it('makes assertions that verify against the registered key, and not against another key or challenge', async () => {
    const o = await options();
    const a = new SoftwareAuthenticator();
    const { registrationInfo } = await verify(a.register(o, ORIGIN, RP), o.challenge);
    const credential = registrationInfo!.credential;
    const login = await generateAuthenticationOptions({ rpID: RP, allowCredentials: [{ id: credential.id }] });
    const check = (response: unknown, challenge = login.challenge) =>
      verifyAuthenticationResponse({ response: response as AuthenticationResponseJSON, expectedChallenge: challenge, expectedOrigin: ORIGIN, expectedRPID: RP, credential, requireUserVerification: true });
    expect((await check(a.authenticate(login, ORIGIN, RP))).verified).toBe(true);
    const other = new SoftwareAuthenticator();
    expect((await check({ ...other.authenticate(login, ORIGIN, RP), id: credential.id, rawId: credential.id })).verified).toBe(false);
    await expect(check(a.authenticate(login, ORIGIN, RP, { challenge: 'AAAA' }))).rejects.toThrow();
  });
});

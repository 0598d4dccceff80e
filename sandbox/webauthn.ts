// @simplewebauthn/server, loaded on the first passkey request rather than as the sandbox starts: the
// library and its ASN.1 modules take about a fifth of a second, which every start waited for.
import type * as SimpleWebAuthn from '@simplewebauthn/server';

let loaded: Promise<typeof SimpleWebAuthn> | undefined;

export function webauthn(): Promise<typeof SimpleWebAuthn> {
  return (loaded ??= import('@simplewebauthn/server'));
}

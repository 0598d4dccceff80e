// A software WebAuthn authenticator for passkey enrollment: a P-256 key pair (node:crypto), the
// attested credential data of WebAuthn Level 2 section 6.5.1 with the key as a COSE_Key (RFC 8152:
// kty EC2, alg ES256, crv P-256), an attestation object of format "none" encoded as CBOR (cborg), and
// the clientDataJSON of a create ceremony (type, challenge, origin). It shares no code with the
// target's verifier. By default the key, credential id and AAGUID are fresh; a published test
// vector's can be given instead (AuthenticatorSetup), so the output can be compared with the vector's.
import { createECDH, createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { encode } from 'cborg';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const u16 = (n: number) => Uint8Array.of((n >> 8) & 0xff, n & 0xff);
const u32 = (n: number) => Uint8Array.of((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

/** Authenticator data flags (WebAuthn section 6.1): UP (user present), UV (user verified), AT (attested credential data). */
const FLAGS = { UP: 0x01, UV: 0x04, AT: 0x40 };

/** A given credential instead of a fresh one (e.g. a published test vector's); every field optional. */
export interface AuthenticatorSetup {
  /** The credential private key as a raw P-256 scalar (32 bytes); a fresh key pair otherwise. */
  privateKey?: Uint8Array;
  /** 32 random bytes otherwise. */
  credentialId?: Uint8Array;
  /** The AAGUID of the attested credential data; 16 zero bytes otherwise. */
  aaguid?: Uint8Array;
  /** Authenticator data flags other than AT (UP, UV, BE, BS); UP | UV otherwise. */
  flags?: number;
  /** false: an authenticator that implements no signature counter, so it always reports 0 (WebAuthn section 6.1.1). */
  counter?: boolean;
}

/** The node:crypto key pair of a raw P-256 private scalar (the public point computed by ECDH). */
function p256KeyPair(d: Uint8Array): { publicKey: KeyObject; privateKey: KeyObject } {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(d));
  const point = ecdh.getPublicKey();
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) };
  return { publicKey: createPublicKey({ key: jwk, format: 'jwk' }), privateKey: createPrivateKey({ key: { ...jwk, d: b64url(d) }, format: 'jwk' }) };
}

export interface CreationOptions {
  challenge: string;
  rp?: { id?: string; name?: string };
  user?: { id?: string; name?: string };
}

export interface RegistrationCredential {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

export class SoftwareAuthenticator {
  readonly credentialId: Uint8Array;
  private readonly publicKey: KeyObject;
  private readonly privateKey: KeyObject;
  private readonly aaguid: Uint8Array;
  private readonly flags: number;
  private readonly counts: boolean;
  private signCount = 0;

  constructor(setup: AuthenticatorSetup = {}) {
    const pair = setup.privateKey ? p256KeyPair(setup.privateKey) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.publicKey = pair.publicKey;
    this.privateKey = pair.privateKey;
    this.credentialId = setup.credentialId ? Uint8Array.from(setup.credentialId) : Uint8Array.from(randomBytes(32));
    this.aaguid = setup.aaguid ? Uint8Array.from(setup.aaguid) : new Uint8Array(16);
    this.flags = setup.flags ?? FLAGS.UP | FLAGS.UV;
    this.counts = setup.counter ?? true;
  }

  get credentialIdB64url(): string {
    return b64url(this.credentialId);
  }

  /** COSE_Key of the public key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}. */
  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const x = Uint8Array.from(Buffer.from(jwk.x, 'base64url'));
    const y = Uint8Array.from(Buffer.from(jwk.y, 'base64url'));
    return encode(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, x], [-3, y]]));
  }

  /**
   * The credential of navigator.credentials.create() for `options`, made at `origin` for the relying
   * party `rpId`: authenticatorData = SHA-256(rpId) | flags | signCount | AAGUID | L | credentialId | COSE key.
   */
  register(options: CreationOptions, origin: string, rpId: string, opts: { challenge?: string } = {}): RegistrationCredential {
    const authData = concat(
      Uint8Array.from(createHash('sha256').update(rpId).digest()),
      Uint8Array.of(this.flags | FLAGS.AT),
      u32(this.signCount),
      this.aaguid,
      u16(this.credentialId.length),
      this.credentialId,
      this.coseKey(),
    );
    const attestationObject = encode({ fmt: 'none', attStmt: {}, authData });
    const clientData = { type: 'webauthn.create', challenge: opts.challenge ?? options.challenge, origin, crossOrigin: false };
    return {
      id: this.credentialIdB64url,
      rawId: this.credentialIdB64url,
      type: 'public-key',
      response: { clientDataJSON: b64url(Buffer.from(JSON.stringify(clientData))), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * The credential of navigator.credentials.get() for request `options` (a login challenge): an ES256
   * signature (DER) over authenticatorData | SHA-256(clientDataJSON), WebAuthn section 6.3.3.
   */
  authenticate(options: { challenge: string }, origin: string, rpId: string, opts: { challenge?: string } = {}): AssertionCredential {
    if (this.counts) this.signCount++;
    const authData = concat(Uint8Array.from(createHash('sha256').update(rpId).digest()), Uint8Array.of(this.flags), u32(this.signCount));
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: opts.challenge ?? options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), this.privateKey);
    return {
      id: this.credentialIdB64url,
      rawId: this.credentialIdB64url,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

export interface AssertionCredential {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; authenticatorData: string; signature: string };
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
}

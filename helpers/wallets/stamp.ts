// The embedded-wallet stamp (supplement sections 10 and 17): the value of Svc-Wallet-Signature is the
// base64url of the JSON {"publicKey": "<compressed P-256 hex>", "scheme": "SIGNATURE_SCHEME_TK_API_P256",
// "signature": "<hex DER ECDSA>"} over the exact payloadToSign, with SHA-256 (inferred). The harness
// signs with @noble/curves (RFC 6979; ./p256.ts); the sandbox verifies with node:crypto, so the two share no code.
import { p256 } from './p256.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

/** A P-256 key pair a wallet client keeps for its session (the "compressed = client keeps the session key" form). */
export class SessionKey {
  readonly secretKey: Uint8Array;
  /** The public point, derived once (a scalar multiplication; every stamp names the key). */
  private point?: InstanceType<typeof p256.Point>;

  constructor(secretKey?: Uint8Array) {
    this.secretKey = secretKey ?? p256.utils.randomSecretKey();
  }

  private get publicPoint(): InstanceType<typeof p256.Point> {
    return (this.point ??= p256.Point.fromBytes(p256.getPublicKey(this.secretKey, false)));
  }

  /** The compressed public key, hex: `0[23]` and 64 hex digits (supplement 17, clientPublicKey). */
  get publicKeyHex(): string {
    return this.publicPoint.toHex(true);
  }

  /** The uncompressed public key, hex: `04` and 128 hex digits. */
  get uncompressedPublicKeyHex(): string {
    return this.publicPoint.toHex(false);
  }

  /** Hex DER ECDSA P-256 over SHA-256 of the payload's UTF-8 bytes. */
  signatureHex(payload: string): string {
    return bytesToHex(p256.sign(new TextEncoder().encode(payload), this.secretKey, { format: 'der' }));
  }

  /** The Svc-Wallet-Signature header value over `payload`. */
  stamp(payload: string): string {
    return encodeStamp({ publicKey: this.publicKeyHex, scheme: STAMP_SCHEME, signature: this.signatureHex(payload) });
  }
}

export function encodeStamp(stamp: { publicKey: string; scheme: string; signature: string }): string {
  return Buffer.from(JSON.stringify(stamp)).toString('base64url');
}

/** Verifies a stamp (the harness's own check, for self-tests of the signer). */
export function verifyStamp(header: string, payload: string): boolean {
  const { publicKey, scheme, signature } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, string>;
  if (scheme !== STAMP_SCHEME) return false;
  return p256.verify(Uint8Array.from(Buffer.from(signature, 'hex')), new TextEncoder().encode(payload), Uint8Array.from(Buffer.from(publicKey, 'hex')), { format: 'der' });
}

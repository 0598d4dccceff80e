// The sandbox's own cryptography for embedded-wallet auth (sandbox/README.md, "Its own cryptography"):
// stamps are verified with node:crypto (OpenSSL), HPKE bundles are sealed and opened with @hpke/core.
// The harness signs with @noble/curves and seals with its own RFC 9180 code.
import { createPublicKey, ECDH, verify, webcrypto } from 'node:crypto';
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';

type CryptoKey = webcrypto.CryptoKey;

export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

export interface Stamp {
  publicKey: string;
  scheme: string;
  signature: string;
}

/** Reads a Svc-Wallet-Signature value: base64url of the JSON {publicKey, scheme, signature}; undefined when undecodable. */
export function decodeStamp(header: string): Stamp | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(header)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { publicKey, scheme, signature } = parsed as Record<string, unknown>;
  if (typeof publicKey !== 'string' || !/^0[23][0-9a-fA-F]{64}$/.test(publicKey)) return undefined;
  if (scheme !== STAMP_SCHEME) return undefined;
  if (typeof signature !== 'string' || !/^([0-9a-fA-F]{2})+$/.test(signature)) return undefined;
  return { publicKey: publicKey.toLowerCase(), scheme, signature: signature.toLowerCase() };
}

/** SPKI DER header of an id-ecPublicKey prime256v1 key with a 65-byte uncompressed point. */
const P256_SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

/** A compressed or uncompressed P-256 point, hex, as uncompressed hex; undefined when it is not on the curve. */
export function uncompressedPoint(hex: string): string | undefined {
  try {
    return ECDH.convertKey(hex, 'prime256v1', 'hex', 'hex', 'uncompressed') as string;
  } catch {
    return undefined;
  }
}

/** ECDSA P-256 with SHA-256, DER signature, over the payload's UTF-8 bytes. */
export function verifyStamp(stamp: Stamp, payload: string): boolean {
  const point = uncompressedPoint(stamp.publicKey);
  if (!point) return false;
  try {
    const key = createPublicKey({ key: Buffer.concat([P256_SPKI_PREFIX, Buffer.from(point, 'hex')]), format: 'der', type: 'spki' });
    return verify('sha256', Buffer.from(payload, 'utf8'), { key, dsaEncoding: 'der' }, Buffer.from(stamp.signature, 'hex'));
  } catch {
    return false;
  }
}

/** Supplement 17: HPKE P-256/HKDF-SHA256/AES-256-GCM (base mode, empty info and aad: this sandbox's choice). */
export const hpke = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

export interface Recipient {
  privateKey: CryptoKey;
  /** The uncompressed public key, hex. */
  publicKeyHex: string;
}

export async function newRecipient(): Promise<Recipient> {
  const pair = await hpke.kem.generateKeyPair();
  return { privateKey: pair.privateKey, publicKeyHex: Buffer.from(await hpke.kem.serializePublicKey(pair.publicKey)).toString('hex') };
}

/** Opens {encappedPublic, ciphertext} (hex) with the recipient's key; undefined when it does not open. */
export async function openBundle(recipient: CryptoKey, encappedPublicHex: string, ciphertextHex: string): Promise<Buffer | undefined> {
  try {
    const pt = await hpke.open({ recipientKey: recipient, enc: Buffer.from(encappedPublicHex, 'hex') }, Buffer.from(ciphertextHex, 'hex'));
    return Buffer.from(pt);
  } catch {
    return undefined;
  }
}

/** Seals to an uncompressed P-256 public key (hex): {encappedPublic, ciphertext} hex. */
export async function sealTo(publicKeyHex: string, plaintext: Uint8Array): Promise<{ encappedPublic: string; ciphertext: string }> {
  const recipientPublicKey = await hpke.kem.deserializePublicKey(Buffer.from(publicKeyHex, 'hex'));
  const { ct, enc } = await hpke.seal({ recipientPublicKey }, plaintext);
  return { encappedPublic: Buffer.from(enc).toString('hex'), ciphertext: Buffer.from(ct).toString('hex') };
}

// The sandbox's own cryptography for embedded-wallet auth (sandbox/README.md, "Its own cryptography"):
// stamps are verified with node:crypto (OpenSSL), HPKE bundles are sealed and opened with @hpke/core
// with the provider's conventions. The harness signs with @noble/curves and seals and opens with the
// provider's own client library, @turnkey/crypto.
import { createPublicKey, ECDH, generateKeyPairSync, sign, verify, webcrypto } from 'node:crypto';
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

/**
 * Supplement 17: HPKE P-256/HKDF-SHA256/AES-256-GCM, base mode. The bundle shapes of supplement 17 are
 * those of the wallet provider, whose client library (@turnkey/crypto) seals and opens with info
 * `turnkey_hpke` and, as aad, the encapsulated key followed by the recipient's public key (both
 * uncompressed): the same here, so a client built on that library works against this sandbox.
 */
export const hpke = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
export const HPKE_INFO = new TextEncoder().encode('turnkey_hpke');
const hpkeAad = (encHex: string, recipientHex: string) => Buffer.concat([Buffer.from(encHex, 'hex'), Buffer.from(recipientHex, 'hex')]);

/** The key that signs this sandbox's OTP target bundles, one per process; its uncompressed public key is the bundles' enclaveQuorumPublic. */
const bundleSigner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const BUNDLE_SIGNER_PUBLIC = (bundleSigner.publicKey.export({ format: 'der', type: 'spki' })).subarray(-65).toString('hex');

/**
 * An otpEncryptionTargetBundle in the provider's signed-envelope form, the one @turnkey/crypto's
 * encryptOtpCodeToBundle reads: JSON {version, data, dataSignature, enclaveQuorumPublic}, `data` the hex
 * of the JSON {targetPublic} (the uncompressed recipient key), `dataSignature` hex DER ECDSA P-256
 * SHA-256 over the bytes of `data` by the key `enclaveQuorumPublic`.
 */
export function otpTargetBundle(targetPublicHex: string, opts: { signOtherData?: boolean; unsigned?: boolean } = {}): string {
  const data = Buffer.from(JSON.stringify({ targetPublic: targetPublicHex }), 'utf8');
  if (opts.unsigned) return JSON.stringify({ version: 'v1.0.0', data: data.toString('hex'), dataSignature: '', enclaveQuorumPublic: '' });
  const signed = opts.signOtherData ? Buffer.from(JSON.stringify({ targetPublic: targetPublicHex, other: true }), 'utf8') : data;
  return JSON.stringify({ version: 'v1.0.0', data: data.toString('hex'), ...envelopeSignature(signed) });
}

/** An envelope's signature by this sandbox's bundle key: hex DER ECDSA P-256 SHA-256 over `data`, and that key, uncompressed. */
export function envelopeSignature(data: Buffer): { dataSignature: string; enclaveQuorumPublic: string } {
  return { dataSignature: sign('sha256', data, { key: bundleSigner.privateKey, dsaEncoding: 'der' }).toString('hex'), enclaveQuorumPublic: BUNDLE_SIGNER_PUBLIC };
}

export interface Recipient {
  privateKey: CryptoKey;
  /** The uncompressed public key, hex. */
  publicKeyHex: string;
  /** The otpEncryptionTargetBundle that names this key. */
  bundle: string;
}

/** A fresh HPKE recipient key and its bundle; `signOtherData` is fault wallet-otp-bundle-signature-mismatch, `unsigned` an envelope left unsigned. */
export async function newRecipient(opts: { signOtherData?: boolean; unsigned?: boolean } = {}): Promise<Recipient> {
  const pair = await hpke.kem.generateKeyPair();
  const publicKeyHex = Buffer.from(await hpke.kem.serializePublicKey(pair.publicKey)).toString('hex');
  return { privateKey: pair.privateKey, publicKeyHex, bundle: otpTargetBundle(publicKeyHex, opts) };
}

/**
 * RFC 9180 base-mode open with this sandbox's suite: the encapsulated key and ciphertext (hex), info and
 * aad; undefined when it does not open. The self-tests run it on the RFC 9180 vector of this suite.
 */
export async function hpkeOpen(recipientKey: CryptoKey, encHex: string, ciphertextHex: string, info: Uint8Array, aad: Uint8Array): Promise<Buffer | undefined> {
  try {
    const context = await hpke.createRecipientContext({ recipientKey, enc: Buffer.from(encHex, 'hex'), info });
    return Buffer.from(await context.open(Buffer.from(ciphertextHex, 'hex'), aad));
  } catch {
    return undefined;
  }
}

/**
 * RFC 9180 base-mode seal with this sandbox's suite to an uncompressed P-256 public key (hex):
 * {encappedPublic (uncompressed), ciphertext} hex. `aadFor` receives the encapsulated key (hex);
 * `ekm` (the ephemeral key pair, or the ikm it is derived from) is for the self-tests' vector only.
 */
export async function hpkeSeal(publicKeyHex: string, plaintext: Uint8Array, info: Uint8Array, aadFor: (encHex: string) => Uint8Array, ekm?: Uint8Array): Promise<{ encappedPublic: string; ciphertext: string }> {
  const recipientPublicKey = await hpke.kem.deserializePublicKey(Buffer.from(publicKeyHex, 'hex'));
  const context = await hpke.createSenderContext({ recipientPublicKey, info, ...(ekm ? { ekm } : {}) });
  const encappedPublic = Buffer.from(context.enc).toString('hex');
  const ct = await context.seal(plaintext, aadFor(encappedPublic));
  return { encappedPublic, ciphertext: Buffer.from(ct).toString('hex') };
}

/** Opens {encappedPublic (uncompressed), ciphertext} (hex) sealed to the recipient with the provider's info and aad; undefined when it does not open. */
export async function openBundle(recipient: Recipient, encappedPublicHex: string, ciphertextHex: string): Promise<Buffer | undefined> {
  return hpkeOpen(recipient.privateKey, encappedPublicHex, ciphertextHex, HPKE_INFO, hpkeAad(encappedPublicHex, recipient.publicKeyHex));
}

/**
 * Seals to an uncompressed P-256 public key (hex) with the provider's info and aad: {encappedPublic
 * (uncompressed), ciphertext} hex. `plainContext` (empty info and aad) is fault wallet-export-hpke-context-ignored.
 */
export async function sealTo(publicKeyHex: string, plaintext: Uint8Array, opts: { plainContext?: boolean } = {}): Promise<{ encappedPublic: string; ciphertext: string }> {
  if (opts.plainContext) return hpkeSeal(publicKeyHex, plaintext, new Uint8Array(), () => new Uint8Array());
  return hpkeSeal(publicKeyHex, plaintext, HPKE_INFO, (enc) => hpkeAad(enc, publicKeyHex));
}

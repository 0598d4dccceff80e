// HPKE (RFC 9180), base mode, DHKEM(P-256, HKDF-SHA256) with HKDF-SHA256 and AES-GCM: the harness's own
// implementation, on @noble/curves (ECDH), @noble/hashes (HKDF) and node:crypto (AES-GCM). The sandbox
// seals and opens with @hpke/core, so a mistake on one side cannot cancel out on the other; both are
// checked against RFC 9180 appendix A.3 in the self-tests. Supplement 17: OTP bundles and the export
// bundle are HPKE P-256/HKDF-SHA256/AES-256-GCM.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { extract, expand } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';

export type Aead = 'AES-128-GCM' | 'AES-256-GCM';
const AEAD_ID: Record<Aead, number> = { 'AES-128-GCM': 0x0001, 'AES-256-GCM': 0x0002 };
const KEY_LENGTH: Record<Aead, number> = { 'AES-128-GCM': 16, 'AES-256-GCM': 32 };
const KEM_ID = 0x0010;
const KDF_ID = 0x0001;

const utf8 = (s: string) => new TextEncoder().encode(s);
const i2osp = (n: number, w: number) => {
  const out = new Uint8Array(w);
  for (let i = w - 1, v = n; i >= 0; i--, v >>= 8) out[i] = v & 0xff;
  return out;
};
const concat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

const labeledExtract = (suiteId: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) =>
  extract(sha256, concat(utf8('HPKE-v1'), suiteId, utf8(label), ikm), salt);
const labeledExpand = (suiteId: Uint8Array, prk: Uint8Array, label: string, info: Uint8Array, length: number) =>
  expand(sha256, prk, concat(i2osp(length, 2), utf8('HPKE-v1'), suiteId, utf8(label), info), length);

/** DHKEM ExtractAndExpand: the KEM shared secret from the raw ECDH x-coordinate and enc || pkR. */
function kemSharedSecret(dh: Uint8Array, enc: Uint8Array, pkR: Uint8Array): Uint8Array {
  const suite = concat(utf8('KEM'), i2osp(KEM_ID, 2));
  const prk = labeledExtract(suite, new Uint8Array(), 'eae_prk', dh);
  return labeledExpand(suite, prk, 'shared_secret', concat(enc, pkR), 32);
}

/** The base-mode key schedule: the AEAD key and base nonce. */
export function keySchedule(sharedSecret: Uint8Array, info: Uint8Array, aead: Aead): { key: Uint8Array; baseNonce: Uint8Array } {
  const suite = concat(utf8('HPKE'), i2osp(KEM_ID, 2), i2osp(KDF_ID, 2), i2osp(AEAD_ID[aead], 2));
  const empty = new Uint8Array();
  const context = concat(Uint8Array.of(0), labeledExtract(suite, empty, 'psk_id_hash', empty), labeledExtract(suite, empty, 'info_hash', info));
  const secret = labeledExtract(suite, sharedSecret, 'secret', empty);
  return { key: labeledExpand(suite, secret, 'key', context, KEY_LENGTH[aead]), baseNonce: labeledExpand(suite, secret, 'base_nonce', context, 12) };
}

const dhX = (sk: Uint8Array, pk: Uint8Array) => p256.getSharedSecret(sk, pk, true).subarray(1);

export interface Sealed {
  /** The ephemeral public key, uncompressed (65 bytes). */
  enc: Uint8Array;
  /** Ciphertext followed by the 16-byte tag. */
  ciphertext: Uint8Array;
}

/**
 * Seals `plaintext` to the uncompressed P-256 public key `pkR` (single shot, sequence 0).
 * `ephemeralSecret` is for the published vectors only; otherwise a fresh key is drawn.
 */
export function seal(pkR: Uint8Array, plaintext: Uint8Array, opts: { info?: Uint8Array; aad?: Uint8Array; aead?: Aead; ephemeralSecret?: Uint8Array } = {}): Sealed {
  const aead = opts.aead ?? 'AES-256-GCM';
  const skE = opts.ephemeralSecret ?? p256.utils.randomSecretKey();
  const enc = p256.getPublicKey(skE, false);
  const pkRu = p256.Point.fromBytes(pkR).toBytes(false);
  const { key, baseNonce } = keySchedule(kemSharedSecret(dhX(skE, pkRu), enc, pkRu), opts.info ?? new Uint8Array(), aead);
  const cipher = createCipheriv(aead === 'AES-256-GCM' ? 'aes-256-gcm' : 'aes-128-gcm', key, baseNonce);
  cipher.setAAD(opts.aad ?? new Uint8Array());
  const ciphertext = concat(cipher.update(plaintext), cipher.final(), cipher.getAuthTag());
  return { enc, ciphertext };
}

/** Opens a sealed message with the recipient's secret key; throws when it does not authenticate. */
export function open(skR: Uint8Array, sealed: Sealed, opts: { info?: Uint8Array; aad?: Uint8Array; aead?: Aead } = {}): Uint8Array {
  const aead = opts.aead ?? 'AES-256-GCM';
  const pkR = p256.getPublicKey(skR, false);
  const enc = p256.Point.fromBytes(sealed.enc).toBytes(false);
  const { key, baseNonce } = keySchedule(kemSharedSecret(dhX(skR, enc), enc, pkR), opts.info ?? new Uint8Array(), aead);
  const decipher = createDecipheriv(aead === 'AES-256-GCM' ? 'aes-256-gcm' : 'aes-128-gcm', key, baseNonce);
  decipher.setAAD(opts.aad ?? new Uint8Array());
  const body = sealed.ciphertext.subarray(0, sealed.ciphertext.length - 16);
  decipher.setAuthTag(sealed.ciphertext.subarray(sealed.ciphertext.length - 16));
  return concat(decipher.update(body), decipher.final());
}

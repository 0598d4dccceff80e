// X-Svc-Signature, the signing side (interface, Authentication 5; supplement section 3): ECDSA P-256
// with SHA-256 over the raw request body, ASN.1 DER, base64. The sandbox signs with @noble/curves
// and reads and writes its PEM keys itself (PKCS#8 or SEC1 private keys, SPKI public keys); the
// harness verifies with node:crypto, so a bug in either cannot hide behind the other.
import { ecdsa, weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { p256 as nobleP256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { BIT_STRING, equalBytes, INTEGER, OCTET_STRING, OID, pemDecode, pemEncode, readChildren, readTlv, SEQUENCE, tlv } from './der.js';

// 1.2.840.10045.2.1 (id-ecPublicKey) and 1.2.840.10045.3.1.7 (prime256v1), DER-encoded values.
const EC_PUBLIC_KEY = Uint8Array.of(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01);
const PRIME256V1 = Uint8Array.of(0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07);
const ALGORITHM = tlv(SEQUENCE, tlv(OID, EC_PUBLIC_KEY), tlv(OID, PRIME256V1));

/**
 * noble's P-256, with secret scalars not blinded. noble blinds each secret scalar (adds a random
 * multiple of the group order, against power analysis of a device), which makes every base-point
 * multiplication half as long again (a 384-bit scalar); a sandbox signing webhook bodies with a key it
 * generated gains nothing from it. Given no RNG for its point multiplier, noble takes its constant-time
 * path unblinded (its probeRandomBytes: "callers can downgrade"); the signatures are the same (RFC
 * 6979). Key generation and signing keep noble's RNG. Measured alone: a signature 0.37 ms against 0.56.
 */
const p256 = ecdsa(
  weierstrass(nobleP256.Point.CURVE(), {
    randomBytes: () => {
      throw new Error('no RNG for the point multiplier: secret scalars are not blinded');
    },
  }),
  sha256,
);

// Every delivery is signed (a multiplication of the base point): a table of 8-bit windows, built at
// the first signature (about 40 ms), makes each about a sixth cheaper than noble's default 6-bit one.
p256.Point.BASE.precompute(8);

export interface WebhookSigningKey {
  /** The 32-byte private scalar. */
  readonly secret: Uint8Array;
  /** The uncompressed public point (65 bytes). */
  readonly publicKey: Uint8Array;
}

export interface WebhookKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

function keyFromSecret(secret: Uint8Array): WebhookSigningKey {
  if (!p256.utils.isValidSecretKey(secret)) throw new Error('the P-256 private key is out of range');
  return { secret, publicKey: p256.getPublicKey(secret, false) };
}

/** SEC1 ECPrivateKey (RFC 5915): version 1, the scalar, optional [0] curve, optional [1] public key. */
function readEcPrivateKey(der: Uint8Array, curveRequired: boolean): WebhookSigningKey {
  const outer = readTlv(der);
  if (outer.tag !== SEQUENCE) throw new Error('ECPrivateKey is not a SEQUENCE');
  const [version, scalar, ...rest] = readChildren(outer.value);
  if (version?.tag !== INTEGER || !equalBytes(version.value, Uint8Array.of(1))) throw new Error('ECPrivateKey version is not 1');
  if (scalar?.tag !== OCTET_STRING || scalar.value.length !== 32) throw new Error('ECPrivateKey holds no 32-byte P-256 scalar');
  const params = rest.find((t) => t.tag === 0xa0);
  if (params) {
    const curve = readTlv(params.value);
    if (curve.tag !== OID || !equalBytes(curve.value, PRIME256V1)) throw new Error('the EC key is not on P-256 (prime256v1)');
  } else if (curveRequired) throw new Error('the SEC1 key does not name its curve');
  const key = keyFromSecret(new Uint8Array(scalar.value));
  const embedded = rest.find((t) => t.tag === 0xa1);
  if (embedded) {
    const bits = readTlv(embedded.value);
    if (bits.tag !== BIT_STRING || bits.value[0] !== 0) throw new Error('ECPrivateKey public key is not a BIT STRING');
    const point = bits.value.subarray(1);
    const mine = point.length === 33 ? p256.getPublicKey(key.secret, true) : key.publicKey;
    if (!equalBytes(point, mine)) throw new Error('the embedded public key does not belong to the private key');
  }
  return key;
}

/** Reads a P-256 private key: PEM "PRIVATE KEY" (PKCS#8) or "EC PRIVATE KEY" (SEC1), other blocks ignored. */
export function loadWebhookKey(pem: string): WebhookSigningKey {
  const { label, der } = pemDecode(pem, ['PRIVATE KEY', 'EC PRIVATE KEY']);
  if (label === 'EC PRIVATE KEY') return readEcPrivateKey(der, true);
  if (label !== 'PRIVATE KEY') throw new Error(`a PKCS#8 "PRIVATE KEY" or SEC1 "EC PRIVATE KEY" PEM is expected, not "${label}"`);
  const outer = readTlv(der);
  if (outer.tag !== SEQUENCE) throw new Error('PKCS#8 is not a SEQUENCE');
  const [version, algorithm, privateKey] = readChildren(outer.value);
  if (version?.tag !== INTEGER || !equalBytes(version.value, Uint8Array.of(0))) throw new Error('PKCS#8 version is not 0');
  if (algorithm?.tag !== SEQUENCE) throw new Error('PKCS#8 has no algorithm identifier');
  const [oid, curve] = readChildren(algorithm.value);
  if (oid?.tag !== OID || !equalBytes(oid.value, EC_PUBLIC_KEY)) throw new Error('the PKCS#8 key is not an EC key');
  if (curve?.tag !== OID || !equalBytes(curve.value, PRIME256V1)) throw new Error('the EC key is not on P-256 (prime256v1)');
  if (privateKey?.tag !== OCTET_STRING) throw new Error('PKCS#8 has no private key octets');
  return readEcPrivateKey(privateKey.value, false);
}

export function privateKeyPem(key: WebhookSigningKey): string {
  const ecPrivateKey = tlv(
    SEQUENCE,
    tlv(INTEGER, Uint8Array.of(1)),
    tlv(OCTET_STRING, key.secret),
    tlv(0xa1, tlv(BIT_STRING, Uint8Array.of(0), key.publicKey)),
  );
  return pemEncode('PRIVATE KEY', tlv(SEQUENCE, tlv(INTEGER, Uint8Array.of(0)), ALGORITHM, tlv(OCTET_STRING, ecPrivateKey)));
}

export function publicKeyPem(key: WebhookSigningKey): string {
  return pemEncode('PUBLIC KEY', tlv(SEQUENCE, ALGORITHM, tlv(BIT_STRING, Uint8Array.of(0), key.publicKey)));
}

/** The uncompressed point of an SPKI "PUBLIC KEY" PEM on P-256. */
export function readPublicKeyPem(pem: string): Uint8Array {
  const { label, der } = pemDecode(pem, ['PUBLIC KEY']);
  if (label !== 'PUBLIC KEY') throw new Error(`a SPKI "PUBLIC KEY" PEM is expected, not "${label}"`);
  const outer = readTlv(der);
  if (outer.tag !== SEQUENCE) throw new Error('SPKI is not a SEQUENCE');
  const [algorithm, bits] = readChildren(outer.value);
  const [oid, curve] = algorithm?.tag === SEQUENCE ? readChildren(algorithm.value) : [];
  if (oid?.tag !== OID || !equalBytes(oid.value, EC_PUBLIC_KEY) || curve?.tag !== OID || !equalBytes(curve.value, PRIME256V1)) {
    throw new Error('the SPKI key is not a P-256 EC key');
  }
  if (bits?.tag !== BIT_STRING || bits.value[0] !== 0) throw new Error('the SPKI key has no BIT STRING');
  return p256.Point.fromBytes(bits.value.subarray(1)).toBytes(false);
}

export function generateWebhookKey(): WebhookSigningKey {
  return keyFromSecret(p256.utils.randomSecretKey());
}

export function generateWebhookKeyPair(): WebhookKeyPair {
  const key = generateWebhookKey();
  return { privateKeyPem: privateKeyPem(key), publicKeyPem: publicKeyPem(key) };
}

export const publicKeyFromPrivate = (pem: string): string => publicKeyPem(loadWebhookKey(pem));

/**
 * base64 of the DER ECDSA signature over the raw body. Deterministic (RFC 6979); S is left as
 * computed, since ECDSA on P-256 has no low-S rule and the verifier takes either.
 */
export function signWebhookBody(rawBody: Uint8Array | string, key: WebhookSigningKey, lowS = false): string {
  const bytes = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : rawBody;
  return Buffer.from(p256.sign(bytes, key.secret, { prehash: true, format: 'der', lowS })).toString('base64');
}

/** The sandbox's own check of its signatures (self-tests): DER, SHA-256, the given public point. */
export function verifyWebhookBody(rawBody: Uint8Array, signatureB64: string, publicKey: Uint8Array): boolean {
  try {
    return p256.verify(Buffer.from(signatureB64, 'base64'), rawBody, publicKey, { prehash: true, format: 'der', lowS: false });
  } catch {
    return false;
  }
}

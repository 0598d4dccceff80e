// UMA counterparty keys and certificate chains, the sandbox's side: chains made and checked with
// @peculiar/x509 (P-256 signatures through node's WebCrypto), the UMA signing key a secp256k1 key
// (@noble/curves) that the leaf certificate carries in its own extension. Everything is generated
// at the sandbox's first UMA lookup; nothing here is a constant.
import { webcrypto } from 'node:crypto';
type CryptoKeyPair = webcrypto.CryptoKeyPair;
import type * as X509 from '@peculiar/x509';
import { secp256k1 } from '@noble/curves/secp256k1.js';

let x509Loaded: Promise<typeof X509> | undefined;
/**
 * @peculiar/x509, with the reflect-metadata it needs, loaded when first used: the keys and chains are
 * made at the first lookup (sandbox/cross-currency-transfers/uma/routes.ts), so the sandbox's start does not wait for the
 * library (about a tenth of a second).
 */
function loadX509(): Promise<typeof X509> {
  return (x509Loaded ??= (async () => {
    await import('reflect-metadata');
    const x509 = await import('@peculiar/x509');
    x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
    return x509;
  })());
}

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** Private-arc OID of the extension that holds the leaf's secp256k1 UMA signing key (compressed, 33 bytes). */
export const UMA_SIGNING_KEY_OID = '1.3.6.1.4.1.55555.1.1';

export interface TrustAnchor {
  cert: X509.X509Certificate;
  keys: CryptoKeyPair;
}

export interface CounterpartyKeys {
  /** The secp256k1 secret key the counterparty signs its UMA messages with. */
  signingSecret: Uint8Array;
  /** PEM certificates, leaf first: what the counterparty publishes as its signing chain. */
  chainPem: string[];
}

const DAY = 86_400_000;
const gen = () => webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

/** The root every counterparty chain must lead to (the sandbox's UMA trust store). */
export async function makeTrustAnchor(now: number): Promise<TrustAnchor> {
  const x509 = await loadX509();
  const keys = await gen();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: 'CN=Sandbox UMA trust anchor',
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 365 * DAY),
    keys,
    signingAlgorithm: ALG,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
  });
  return { cert, keys };
}

export interface LeafOptions {
  /** The leaf was valid once and is not any more. */
  expired?: boolean;
  /** The leaf names the trust anchor as issuer but is signed by another key. */
  forged?: boolean;
  /** The signing-key extension holds bytes that are no secp256k1 point. */
  malformedKey?: boolean;
}

/** A counterparty's signing key and its chain (leaf, anchor), misbuilt as `opts` asks. */
export async function makeCounterpartyKeys(domain: string, anchor: TrustAnchor, now: number, opts: LeafOptions = {}): Promise<CounterpartyKeys> {
  const x509 = await loadX509();
  const signingSecret = secp256k1.utils.randomSecretKey();
  let pub = secp256k1.getPublicKey(signingSecret, true);
  if (opts.malformedKey) {
    // 0x05 is no SEC1 point prefix: the bytes cannot be read as a secp256k1 key.
    pub = Uint8Array.from(pub);
    pub[0] = 0x05;
  }
  const holder = await gen();
  const signer = opts.forged ? (await gen()).privateKey : anchor.keys.privateKey;
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${domain}`,
    issuer: anchor.cert.subject,
    publicKey: holder.publicKey,
    signingKey: signer,
    notBefore: new Date(now - (opts.expired ? 30 * DAY : DAY)),
    notAfter: new Date(opts.expired ? now - DAY : now + 90 * DAY),
    signingAlgorithm: ALG,
    extensions: [new x509.Extension(UMA_SIGNING_KEY_OID, false, octetString(pub))],
  });
  return { signingSecret, chainPem: [leaf.toString('pem'), anchor.cert.toString('pem')] };
}

export type ChainVerdict = { ok: true; signingKey: Uint8Array } | { ok: false; code: 'CERT_CHAIN_INVALID' | 'CERT_CHAIN_EXPIRED' | 'INVALID_PUBKEY_FORMAT'; reason: string };

/**
 * Checks a published chain against the trust anchor: each certificate signed by the next, the last
 * by the anchor, every one valid at `now`; then reads the leaf's secp256k1 signing key.
 */
export async function verifyChain(chainPem: unknown, anchor: TrustAnchor, now: number, skip: { expiry?: boolean; signatures?: boolean; keyFormat?: boolean } = {}): Promise<ChainVerdict> {
  if (!Array.isArray(chainPem) || chainPem.length === 0 || !chainPem.every((p) => typeof p === 'string')) {
    return { ok: false, code: 'CERT_CHAIN_INVALID', reason: 'the counterparty published no certificate chain' };
  }
  const x509 = await loadX509();
  let certs: X509.X509Certificate[];
  try {
    certs = (chainPem as string[]).map((p) => new x509.X509Certificate(p));
  } catch (err) {
    return { ok: false, code: 'CERT_CHAIN_INVALID', reason: `a certificate of the chain does not parse: ${(err as Error).message}` };
  }
  if (!skip.signatures) {
    for (let i = 0; i < certs.length; i++) {
      const issuer = i + 1 < certs.length ? certs[i + 1] : anchor.cert;
      const signed = certs[i].issuer === issuer.subject && (await certs[i].verify({ publicKey: issuer.publicKey, signatureOnly: true }));
      if (!signed) return { ok: false, code: 'CERT_CHAIN_INVALID', reason: `${certs[i].subject} is not signed by ${issuer.subject}` };
    }
    const top = certs[certs.length - 1];
    if (top.subject !== anchor.cert.subject || top.serialNumber !== anchor.cert.serialNumber) {
      const anchored = await top.verify({ publicKey: anchor.cert.publicKey, signatureOnly: true });
      if (!anchored) return { ok: false, code: 'CERT_CHAIN_INVALID', reason: 'the chain does not lead to a trusted root' };
    }
  }
  if (!skip.expiry) {
    const at = new Date(now);
    const stale = certs.find((c) => at < c.notBefore || at > c.notAfter);
    if (stale) return { ok: false, code: 'CERT_CHAIN_EXPIRED', reason: `${stale.subject} is valid from ${stale.notBefore.toISOString()} to ${stale.notAfter.toISOString()}` };
  }
  const ext = certs[0].getExtension(UMA_SIGNING_KEY_OID);
  const key = ext ? readOctetString(new Uint8Array(ext.value)) : undefined;
  if (!key) return { ok: false, code: 'INVALID_PUBKEY_FORMAT', reason: 'the leaf certificate carries no UMA signing key' };
  if (!skip.keyFormat) {
    try {
      secp256k1.Point.fromBytes(key);
    } catch {
      return { ok: false, code: 'INVALID_PUBKEY_FORMAT', reason: 'the UMA signing key is not a secp256k1 public key (SEC1)' };
    }
  }
  return { ok: true, signingKey: key };
}

function randomSerial(): string {
  return `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex')}`;
}

function octetString(bytes: Uint8Array): Uint8Array {
  if (bytes.length > 127) throw new Error('short DER lengths only');
  return Uint8Array.from([0x04, bytes.length, ...bytes]);
}

function readOctetString(der: Uint8Array): Uint8Array | undefined {
  if (der[0] !== 0x04 || der[1] !== der.length - 2) return undefined;
  return der.slice(2);
}

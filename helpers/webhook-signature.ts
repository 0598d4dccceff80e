// X-Svc-Signature (interface, Authentication 5): base64 ECDSA P-256 signature with SHA-256 over
// the raw request body, verified with the service's public key. Supplement section 3: the
// signature is ASN.1 DER; the header is either the bare base64 value or JSON {"v":"1","s":"<base64>"}.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

export interface WebhookKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateWebhookKeyPair(): WebhookKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function publicKeyFromPrivate(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
}

/** base64 of the DER ECDSA signature over the raw body. */
export function signWebhookBody(rawBody: Buffer | string, privateKey: string | KeyObject): string {
  return sign('sha256', Buffer.from(rawBody), privateKey).toString('base64');
}

export type SignatureVerdict =
  | { ok: true; form: 'bare' | 'json' }
  | { ok: false; reason: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Reads the header in either form: JSON first, else the bare base64 value. */
export function parseSignatureHeader(header: string): { form: 'bare' | 'json'; signature: string } | { error: string } {
  const value = header.trim();
  if (value.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return { error: 'X-Svc-Signature starts like JSON but does not parse' };
    }
    const p = parsed as { v?: unknown; s?: unknown };
    if (p.v !== '1') return { error: `X-Svc-Signature JSON form has v=${JSON.stringify(p.v)}; only "1" is defined` };
    if (typeof p.s !== 'string') return { error: 'X-Svc-Signature JSON form has no string "s"' };
    return { form: 'json', signature: p.s };
  }
  return { form: 'bare', signature: value };
}

/** The header's signature bytes and form, or the verdict that it has none to verify. */
function signatureOf(header: string | string[] | undefined): { form: 'bare' | 'json'; bytes: Buffer } | { ok: false; reason: string } {
  if (header === undefined) return { ok: false, reason: 'X-Svc-Signature header is missing' };
  if (Array.isArray(header)) return { ok: false, reason: 'X-Svc-Signature header is repeated' };
  const parsed = parseSignatureHeader(header);
  if ('error' in parsed) return { ok: false, reason: parsed.error };
  if (!BASE64.test(parsed.signature)) return { ok: false, reason: 'X-Svc-Signature is not base64' };
  return { form: parsed.form, bytes: Buffer.from(parsed.signature, 'base64') };
}

const undecodable = (err: Error): SignatureVerdict => ({ ok: false, reason: `X-Svc-Signature does not decode as a DER ECDSA signature (${err.message})` });
const verdictOf = (valid: boolean, form: 'bare' | 'json'): SignatureVerdict =>
  valid ? { ok: true, form } : { ok: false, reason: 'X-Svc-Signature does not verify over the raw body with the service public key' };

export function verifyWebhookSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  publicKeyPem: string | KeyObject,
): SignatureVerdict {
  const sig = signatureOf(header);
  if (!('bytes' in sig)) return sig;
  try {
    return verdictOf(verify('sha256', rawBody, publicKeyPem, sig.bytes), sig.form);
  } catch (err) {
    return undecodable(err as Error);
  }
}

/** verifyWebhookSignature on libuv's thread pool (crypto.verify with a callback): the same verdicts, off the calling thread. */
export function verifyWebhookSignatureAsync(rawBody: Buffer, header: string | string[] | undefined, publicKey: string | KeyObject): Promise<SignatureVerdict> {
  const sig = signatureOf(header);
  if (!('bytes' in sig)) return Promise.resolve(sig);
  return new Promise((resolve) => {
    try {
      verify('sha256', rawBody, publicKey, sig.bytes, (err, valid) => resolve(err ? undecodable(err) : verdictOf(valid, sig.form)));
    } catch (err) {
      resolve(undecodable(err as Error));
    }
  });
}

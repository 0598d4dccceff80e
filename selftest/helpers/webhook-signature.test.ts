// X-Svc-Signature helpers, checked against an independent ECDSA implementation (@noble/curves).
import { createPublicKey } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { generateWebhookKeyPair, parseSignatureHeader, signWebhookBody, verifyWebhookSignature, verifyWebhookSignatureAsync } from '../../helpers/webhook-signature.js';

describe('webhook signatures', () => {
  const keys = generateWebhookKeyPair();
  const body = Buffer.from('{"id":"Webhook:1","type":"TEST"}');

  it('makes DER ECDSA P-256 / SHA-256 signatures that another implementation verifies (high and low S alike)', () => {
    const jwk = createPublicKey(keys.publicKeyPem).export({ format: 'jwk' }) as { x: string; y: string };
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
    for (let i = 0; i < 32; i++) {
      const message = Buffer.from(`${body.toString()}#${i}`);
      const sig = Buffer.from(signWebhookBody(message, keys.privateKeyPem), 'base64');
      // OpenSSL does not normalise S; a high-S signature is valid ECDSA, so the check allows it.
      expect(p256.verify(sig, sha256(message), point, { format: 'der', prehash: false, lowS: false })).toBe(true);
    }
  });

  it('verifies a signature made by another implementation', () => {
    const priv = p256.utils.randomSecretKey();
    const pub = p256.getPublicKey(priv, false);
    const der = p256.sign(sha256(body), priv, { format: 'der', prehash: false });
    const spki = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: Buffer.from(pub.slice(1, 33)).toString('base64url'), y: Buffer.from(pub.slice(33)).toString('base64url') }, format: 'jwk' });
    expect(verifyWebhookSignature(body, Buffer.from(der).toString('base64'), spki)).toEqual({ ok: true, form: 'bare' });
  });

  it('publishes the public key as PEM SPKI', () => {
    expect(keys.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE/);
  });

  it('reads both header forms and refuses unknown JSON versions', () => {
    expect(parseSignatureHeader('abc=')).toEqual({ form: 'bare', signature: 'abc=' });
    expect(parseSignatureHeader('{"v":"1","s":"abc="}')).toEqual({ form: 'json', signature: 'abc=' });
    expect(parseSignatureHeader('{"v":1,"s":"abc="}')).toHaveProperty('error');
    expect(parseSignatureHeader('{"v":"1"')).toHaveProperty('error');
  });

  it('gives the same verdicts on the thread pool as on the calling thread, whatever the header holds', async () => {
    const priv = p256.utils.randomSecretKey();
    const pub = p256.getPublicKey(priv, false);
    const spki = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: Buffer.from(pub.slice(1, 33)).toString('base64url'), y: Buffer.from(pub.slice(33)).toString('base64url') }, format: 'jwk' });
    const good = Buffer.from(p256.sign(sha256(body), priv, { format: 'der', prehash: false })).toString('base64');
    const other = Buffer.from(p256.sign(sha256(Buffer.from('other')), priv, { format: 'der', prehash: false })).toString('base64');
    const headers: (string | string[] | undefined)[] = [good, `{"v":"1","s":"${good}"}`, other, undefined, [good, good], 'not base64!', 'AAAA', '{"v":"2","s":"x"}', `${good.slice(0, -8)}AAAAAAA=`];
    const verdicts = await Promise.all(headers.map(async (h) => [await verifyWebhookSignatureAsync(body, h, spki), verifyWebhookSignature(body, h, spki)]));
    for (const [i, [pooled, inline]] of verdicts.entries()) expect(pooled, `header ${i}`).toEqual(inline);
    expect(verdicts.map(([v]) => v.ok)).toEqual([true, true, false, false, false, false, false, false, false]);
  });

  it('rejects a repeated header', () => {
    const sig = signWebhookBody(body, keys.privateKeyPem);
    expect(verifyWebhookSignature(body, [sig, sig], keys.publicKeyPem).ok).toBe(false);
  });
});

// Embedded-wallet cryptography on both sides, against published vectors and against each other:
// HPKE (RFC 9180 appendix A.3.1: DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM, base mode) for
// the harness's own implementation and the sandbox's @hpke/core; the P-256 stamp (RFC 6979 appendix
// A.2.5, P-256 with SHA-256, message "sample") for the harness's @noble/curves signer and the sandbox's
// node:crypto verifier. Each pair also refuses a wrong key, a wrong payload and a tampered ciphertext.
import { p256 } from '@noble/curves/nist.js';
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import { keySchedule, open, seal } from '../../helpers/wallets/hpke.js';
import { encodeStamp, SessionKey, STAMP_SCHEME, verifyStamp as harnessVerifyStamp } from '../../helpers/wallets/stamp.js';
import { decodeStamp, newRecipient, openBundle, sealTo, verifyStamp } from '../../sandbox/embedded-wallet-auth/crypto.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array | ArrayBuffer) => Buffer.from(b instanceof ArrayBuffer ? new Uint8Array(b) : b).toString('hex');

// RFC 9180 A.3.1.
const A31 = {
  info: '4f6465206f6e2061204772656369616e2055726e',
  ikmE: '4270e54ffd08d79d5928020af4686d8f6b7d35dbe470265f1f5aa22816ce860e',
  ikmR: '668b37171f1072f3cf12ea8a236a45df23fc13b82af3609ad1e354f6ef817550',
  skEm: '4995788ef4b9d6132b249ce59a77281493eb39af373d236a1fe415cb0c2d7beb',
  pkEm: '04a92719c6195d5085104f469a8b9814d5838ff72b60501e2c4466e5e67b325ac98536d7b61a1af4b78e5b7f951c0900be863c403ce65c9bfcb9382657222d18c4',
  skRm: 'f3ce7fdae57e1a310d87f1ebbde6f328be0a99cdbcadf4d6589cf29de4b8ffd2',
  pkRm: '04fe8c19ce0905191ebc298a9245792531f26f0cece2460639e8bc39cb7f706a826a779b4cf969b8a0e539c7f62fb3d30ad6aa8f80e30f1d128aafd68a2ce72ea0',
  sharedSecret: 'c0d26aeab536609a572b07695d933b589dcf363ff9d93c93adea537aeabb8cb8',
  key: '868c066ef58aae6dc589b6cfdd18f97e',
  baseNonce: '4e0bc5018beba4bf004cca59',
  pt: '4265617574792069732074727574682c20747275746820626561757479',
  aad: '436f756e742d30',
  ct: '5ad590bb8baa577f8619db35a36311226a896e7342a6d836d8b7bcd2f20b6c7f9076ac232e3ab2523f39513434',
};

// RFC 6979 A.2.5.
const A25 = {
  x: 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721',
  ux: '60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6',
  uy: '7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299',
  r: 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716',
  s: 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8',
};
const N = p256.Point.CURVE().n;

describe('HPKE, harness side (own RFC 9180 code)', () => {
  it('reproduces RFC 9180 A.3.1: key schedule, enc and the sequence-0 ciphertext, and opens it', () => {
    const { key, baseNonce } = keySchedule(hex(A31.sharedSecret), hex(A31.info), 'AES-128-GCM');
    expect([toHex(key), toHex(baseNonce)]).toEqual([A31.key, A31.baseNonce]);
    const sealed = seal(hex(A31.pkRm), hex(A31.pt), { info: hex(A31.info), aad: hex(A31.aad), aead: 'AES-128-GCM', ephemeralSecret: hex(A31.skEm) });
    expect(toHex(sealed.enc)).toBe(A31.pkEm);
    expect(toHex(sealed.ciphertext)).toBe(A31.ct);
    expect(toHex(open(hex(A31.skRm), { enc: hex(A31.pkEm), ciphertext: hex(A31.ct) }, { info: hex(A31.info), aad: hex(A31.aad), aead: 'AES-128-GCM' }))).toBe(A31.pt);
  });

  it('does not open with another key, another aad or a tampered ciphertext', () => {
    const other = p256.utils.randomSecretKey();
    const opts = { info: hex(A31.info), aad: hex(A31.aad), aead: 'AES-128-GCM' as const };
    const sealed = { enc: hex(A31.pkEm), ciphertext: hex(A31.ct) };
    expect(() => open(other, sealed, opts)).toThrow();
    expect(() => open(hex(A31.skRm), sealed, { ...opts, aad: hex('00') })).toThrow();
    const tampered = Uint8Array.from(sealed.ciphertext);
    tampered[0] ^= 1;
    expect(() => open(hex(A31.skRm), { ...sealed, ciphertext: tampered }, opts)).toThrow();
  });
});

describe('HPKE, sandbox side (@hpke/core)', () => {
  it('reproduces RFC 9180 A.3.1 with the same library and suite wiring, AES-128-GCM for the vector', async () => {
    const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
    const recipient = await suite.kem.deriveKeyPair(hex(A31.ikmR).buffer);
    expect(toHex(await suite.kem.serializePublicKey(recipient.publicKey))).toBe(A31.pkRm);
    const ekm = await suite.kem.deriveKeyPair(hex(A31.ikmE).buffer);
    const { ct, enc } = await suite.seal({ recipientPublicKey: recipient.publicKey, info: hex(A31.info), ekm }, hex(A31.pt), hex(A31.aad));
    expect([toHex(enc), toHex(ct)]).toEqual([A31.pkEm, A31.ct]);
  });

  it('opens what the harness seals to its bundle key (AES-256-GCM), and not a bundle sealed to another key', async () => {
    const recipient = await newRecipient();
    const plaintext = new TextEncoder().encode(JSON.stringify({ otp_code: '000000', public_key: new SessionKey().publicKeyHex }));
    const sealed = seal(hex(recipient.publicKeyHex), plaintext);
    expect(toHex((await openBundle(recipient.privateKey, toHex(sealed.enc), toHex(sealed.ciphertext)))!)).toBe(toHex(plaintext));
    const stranger = await newRecipient();
    const misdirected = seal(hex(stranger.publicKeyHex), plaintext);
    expect(await openBundle(recipient.privateKey, toHex(misdirected.enc), toHex(misdirected.ciphertext))).toBeUndefined();
  });

  it('seals what the harness opens with the client key, and another key does not open it', async () => {
    const client = new SessionKey();
    const sealed = await sealTo(client.uncompressedPublicKeyHex, new TextEncoder().encode('wallet secret'));
    const opened = open(client.secretKey, { enc: hex(sealed.encappedPublic), ciphertext: hex(sealed.ciphertext) });
    expect(new TextDecoder().decode(opened)).toBe('wallet secret');
    expect(() => open(new SessionKey().secretKey, { enc: hex(sealed.encappedPublic), ciphertext: hex(sealed.ciphertext) })).toThrow();
  });
});

describe('P-256 stamps', () => {
  it('the harness signer reproduces RFC 6979 A.2.5 ("sample", SHA-256): r as published, s or n - s (low S)', () => {
    const key = new SessionKey(hex(A25.x));
    expect(key.uncompressedPublicKeyHex).toBe(`04${A25.ux}${A25.uy}`);
    const sig = p256.Signature.fromBytes(hex(key.signatureHex('sample')), 'der');
    expect(sig.r.toString(16).padStart(64, '0')).toBe(A25.r);
    expect([BigInt(`0x${A25.s}`), N - BigInt(`0x${A25.s}`)]).toContain(sig.s);
  });

  it('the sandbox verifier accepts the published RFC 6979 signature and refuses it over another message or key', () => {
    const der = toHex(p256.Signature.fromBytes(hex(A25.r + A25.s), 'compact').toBytes('der'));
    const publicKey = toHex(p256.Point.fromBytes(hex(`04${A25.ux}${A25.uy}`)).toBytes(true));
    const stamp = decodeStamp(encodeStamp({ publicKey, scheme: STAMP_SCHEME, signature: der }))!;
    expect(stamp).toBeDefined();
    expect(verifyStamp(stamp, 'sample')).toBe(true);
    expect(verifyStamp(stamp, 'test')).toBe(false);
    expect(verifyStamp({ ...stamp, publicKey: new SessionKey().publicKeyHex }, 'sample')).toBe(false);
  });

  it('a stamp the harness makes verifies in the sandbox and in the harness, only over its own payload', () => {
    const key = new SessionKey();
    const payload = JSON.stringify({ type: 'ACTIVITY', parameters: { privateEnabled: true } });
    const header = key.stamp(payload);
    expect(harnessVerifyStamp(header, payload)).toBe(true);
    const stamp = decodeStamp(header)!;
    expect(stamp.publicKey).toBe(key.publicKeyHex);
    expect(verifyStamp(stamp, payload)).toBe(true);
    expect(verifyStamp(stamp, `${payload} `)).toBe(false);
  });

  it('the sandbox refuses to decode what is not a stamp', () => {
    expect(decodeStamp('not a stamp!')).toBeUndefined();
    expect(decodeStamp(Buffer.from('{"publicKey":"02"}').toString('base64url'))).toBeUndefined();
    expect(decodeStamp(encodeStamp({ publicKey: new SessionKey().publicKeyHex, scheme: 'OTHER', signature: '30' }))).toBeUndefined();
  });
});

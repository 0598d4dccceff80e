// Embedded-wallet cryptography on both sides, against published vectors and against each other:
// HPKE: the RFC 9180 test vector of the very suite supplement 17 names (DHKEM(P-256, HKDF-SHA256),
// HKDF-SHA256, AES-256-GCM, base mode; fixtures/vectors/hpke-p256-sha256-aes256gcm-base.json) on the
// sandbox's own seal and open (@hpke/core) and, as far as its API reaches, on the harness's
// @turnkey/crypto; both sides against the wallet provider's published credential bundle; and each
// side opening what the other seals with the provider's conventions; the P-256 stamp (RFC 6979 appendix
// A.2.5, P-256 with SHA-256, message "sample") for the harness's @noble/curves signer and the sandbox's
// node:crypto verifier. Each pair also refuses a wrong key, a wrong payload and a tampered ciphertext.
import { p256 } from '@noble/curves/nist.js';
import { readFileSync } from 'node:fs';
import { createCipheriv } from 'node:crypto';
import { expand, extract } from '@noble/hashes/hkdf.js';
import { describe, expect, it } from 'vitest';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { openCredentialBundle, openExportBundle, openSealed, sealOtpCode, sealToKey, turnkey } from '../../helpers/wallets/hpke.js';
import { encodeStamp, SessionKey, STAMP_SCHEME, verifyStamp as harnessVerifyStamp } from '../../helpers/wallets/stamp.js';
import { decodeStamp, hpke, hpkeOpen, hpkeSeal, newRecipient, openBundle, otpTargetBundle, sealTo, verifyStamp } from '../../sandbox/embedded-wallet-auth/crypto.js';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array | ArrayBuffer) => Buffer.from(b instanceof ArrayBuffer ? new Uint8Array(b) : b).toString('hex');

/** RFC 9180's vector for the suite supplement 17 names (mode 0, kem 16, kdf 1, aead 2); its source is in the file. */
const V = (JSON.parse(readFileSync(new URL('../../fixtures/vectors/hpke-p256-sha256-aes256gcm-base.json', import.meta.url), 'utf8')) as {
  vector: { info: string; ikmE: string; skEm: string; pkEm: string; skRm: string; pkRm: string; enc: string; shared_secret: string; key_schedule_context: string; secret: string; key: string; base_nonce: string; encryptions: { aad: string; plaintext: string; ciphertext: string }[] };
}).vector;
const [V0] = V.encryptions;

/**
 * RFC 9180's key schedule for this suite, base mode (sections 4 and 5.1), written out on @noble/hashes:
 * a third implementation, checked first against the vector's own intermediate values, then used to
 * make for @turnkey/crypto (whose info and aad are fixed by the provider's protocol) a ciphertext from
 * the vector's keys that only an RFC 9180 implementation opens.
 */
const te = new TextEncoder();
const SUITE_ID = Uint8Array.from([...te.encode('HPKE'), 0x00, 0x10, 0x00, 0x01, 0x00, 0x02]);
const cat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const labeledExtract = (salt: Uint8Array, label: string, ikm: Uint8Array) => extract(sha256, cat(te.encode('HPKE-v1'), SUITE_ID, te.encode(label), ikm), salt);
const labeledExpand = (prk: Uint8Array, label: string, info: Uint8Array, length: number) =>
  expand(sha256, prk, cat(Uint8Array.from([length >> 8, length & 0xff]), te.encode('HPKE-v1'), SUITE_ID, te.encode(label), info), length);
function keySchedule(sharedSecret: Uint8Array, info: Uint8Array) {
  const context = cat(Uint8Array.of(0), labeledExtract(new Uint8Array(), 'psk_id_hash', new Uint8Array()), labeledExtract(new Uint8Array(), 'info_hash', info));
  const secret = labeledExtract(sharedSecret, 'secret', new Uint8Array());
  return { context, secret, key: labeledExpand(secret, 'key', context, 32), baseNonce: labeledExpand(secret, 'base_nonce', context, 12) };
}
function aes256gcm(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array {
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(aad);
  return cat(cipher.update(plaintext), cipher.final(), cipher.getAuthTag());
}

// RFC 6979 A.2.5.
const A25 = {
  x: 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721',
  ux: '60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6',
  uy: '7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299',
  r: 'efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716',
  s: 'f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8',
};
const N = p256.Point.CURVE().n;

// Turnkey's own published vector (tkhq/sdk, packages/crypto/src/__tests__/crypto-test.ts,
// "decryptCredentialBundle - successfully decrypts a credential bundle"): a base58check credential bundle
// (33-byte compressed encapsulated key, then the ciphertext) sealed by the provider to the key below,
// whose plaintext is the 32-byte private key below. It fixes the provider's conventions: info
// "turnkey_hpke", aad the encapsulated key then the recipient's key, both uncompressed.
const TK = {
  bundle: 'w99a5xV6A75TfoAUkZn869fVyDYvgVsKrawMALZXmrauZd8hEv66EkPU1Z42CUaHESQjcA5bqd8dynTGBMLWB9ewtXWPEVbZvocB4Tw2K1vQVp7uwjf',
  receiverPrivateKey: '20fa65df11f24833790ae283fc9a0c215eecbbc589549767977994dc69d05a56',
  plaintext: '67ee05fc3bdf4161bc70701c221d8d77180294cefcfcea64ba83c4d4c732fcb9',
};
/** The vector's parts: the encapsulated key uncompressed, and the ciphertext (hex). */
function tkParts() {
  const raw = createBase58check(sha256).decode(TK.bundle);
  return { encappedPublic: toHex(p256.Point.fromBytes(raw.subarray(0, 33)).toBytes(false)), ciphertext: toHex(raw.subarray(33)) };
}
const tampered = (hexText: string) => `${(parseInt(hexText.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0')}${hexText.slice(2)}`;
const otpPlaintext = (publicKey: string) => JSON.stringify({ otp_code: '000000', public_key: publicKey });

/** A sandbox recipient for a known private key (the published vector's). */
async function sandboxRecipient(privateKeyHex: string) {
  const privateKey = await hpke.kem.importKey('raw', hex(privateKeyHex), false);
  return { privateKey, publicKeyHex: toHex(p256.getPublicKey(hex(privateKeyHex), false)), bundle: '' };
}

describe('HPKE, harness side (@turnkey/crypto)', () => {
  it('the RFC 9180 key schedule written out here reproduces the vector\'s context, secret, key, base nonce and ciphertext', () => {
    const ks = keySchedule(hex(V.shared_secret), hex(V.info));
    expect([toHex(ks.context), toHex(ks.secret), toHex(ks.key), toHex(ks.baseNonce)]).toEqual([V.key_schedule_context, V.secret, V.key, V.base_nonce]);
    expect(toHex(aes256gcm(ks.key, ks.baseNonce, hex(V0.plaintext), hex(V0.aad)))).toBe(V0.ciphertext);
  });

  // @turnkey/crypto fixes info ("turnkey_hpke") and aad (enc, then the recipient key) by the provider's
  // protocol, so it cannot open the vector's ciphertext as published; what its API reaches is checked on
  // the vector's keys, and its published credential bundle is checked below.
  it('derives the vector\'s public keys from skRm and skEm, and round-trips enc through its compressed form', () => {
    expect(toHex(turnkey.getPublicKey(hex(V.skRm), false))).toBe(V.pkRm);
    expect(toHex(turnkey.getPublicKey(hex(V.skEm), false))).toBe(V.pkEm);
    expect(toHex(turnkey.uncompressRawPublicKey(turnkey.compressRawPublicKey(hex(V.enc))))).toBe(V.enc);
  });

  it('opens with skRm what RFC 9180 seals from the vector\'s encapsulation under the provider\'s info and aad, and not the vector\'s own context', () => {
    const ks = keySchedule(hex(V.shared_secret), te.encode('turnkey_hpke'));
    const aad = cat(hex(V.enc), hex(V.pkRm));
    const ct = aes256gcm(ks.key, ks.baseNonce, hex(V0.plaintext), aad);
    expect(toHex(openSealed(hex(V.skRm), { encappedPublic: V.enc, ciphertext: toHex(ct) }))).toBe(V0.plaintext);
    expect(() => openSealed(hex(V.skEm), { encappedPublic: V.enc, ciphertext: toHex(ct) }), 'another key').toThrow();
    expect(() => openSealed(hex(V.skRm), { encappedPublic: V.enc, ciphertext: toHex(aes256gcm(ks.key, ks.baseNonce, hex(V0.plaintext), hex(V0.aad))) }), 'another aad').toThrow();
    expect(() => openSealed(hex(V.skRm), { encappedPublic: V.enc, ciphertext: V0.ciphertext }), 'the vector\'s own info and aad').toThrow();
  });

  it('opens the provider\'s published credential bundle to the published plaintext', () => {
    expect(toHex(openCredentialBundle(TK.bundle, hex(TK.receiverPrivateKey)))).toBe(TK.plaintext);
    expect(toHex(openSealed(hex(TK.receiverPrivateKey), tkParts()))).toBe(TK.plaintext);
  });

  it('does not open the vector with another key, or tampered', () => {
    expect(() => openCredentialBundle(TK.bundle, new SessionKey().secretKey)).toThrow();
    const parts = tkParts();
    expect(() => openSealed(hex(TK.receiverPrivateKey), { ...parts, ciphertext: tampered(parts.ciphertext) })).toThrow();
  });

  it('refuses an OTP target bundle whose signature is not over its data', async () => {
    const { publicKeyHex } = await newRecipient();
    const other = JSON.parse((await newRecipient()).bundle) as { data: string };
    const forged = JSON.stringify({ ...JSON.parse(otpTargetBundle(publicKeyHex)), data: other.data });
    await expect(sealOtpCode(forged, new SessionKey().publicKeyHex, '000000')).rejects.toThrow();
  });

  it('opens a signed export bundle (decryptExportBundle) and refuses one whose signature is not over its data', async () => {
    const client = new SessionKey();
    const signer = new SessionKey();
    const sealed = await sealTo(client.uncompressedPublicKeyHex, new TextEncoder().encode('wallet secret'));
    const envelope = (data: string, signedData = data) => JSON.stringify({
      version: 'v1.0.0', data, dataSignature: toHex(p256.sign(hex(signedData), signer.secretKey, { format: 'der' })), enclaveQuorumPublic: signer.uncompressedPublicKeyHex,
    });
    const data = Buffer.from(JSON.stringify({ ...sealed, organizationId: 'InternalAccount:1' })).toString('hex');
    expect(new TextDecoder().decode(await openExportBundle(envelope(data), client.secretKey))).toBe('wallet secret');
    await expect(openExportBundle(envelope(data, tampered(data)), client.secretKey)).rejects.toThrow();
    await expect(openExportBundle(envelope(data), new SessionKey().secretKey)).rejects.toThrow();
  });
});

describe('HPKE, sandbox side (@hpke/core)', () => {
  it('the sandbox\'s own suite opens RFC 9180\'s vector for DHKEM(P-256)/HKDF-SHA256/AES-256-GCM with skRm, and decapsulates its shared secret', async () => {
    const recipientKey = await hpke.kem.importKey('raw', hex(V.skRm), false);
    expect(toHex(await hpke.kem.decap({ recipientKey, enc: hex(V.enc) }))).toBe(V.shared_secret);
    expect(toHex((await hpkeOpen(recipientKey, V.enc, V0.ciphertext, hex(V.info), hex(V0.aad)))!)).toBe(V0.plaintext);
    expect(await hpkeOpen(recipientKey, V.enc, tampered(V0.ciphertext), hex(V.info), hex(V0.aad)), 'tampered').toBeUndefined();
    expect(await hpkeOpen(recipientKey, V.enc, V0.ciphertext, new Uint8Array(), hex(V0.aad)), 'another info').toBeUndefined();
    expect(await hpkeOpen(recipientKey, V.enc, V0.ciphertext, hex(V.info), new Uint8Array()), 'another aad').toBeUndefined();
    expect(await hpkeOpen(await hpke.kem.importKey('raw', hex(V.skEm), false), V.enc, V0.ciphertext, hex(V.info), hex(V0.aad)), 'another key').toBeUndefined();
  });

  it('the sandbox\'s own seal, with the vector\'s ephemeral key derived from ikmE, gives the vector\'s enc and ciphertext', async () => {
    const ekm = await hpke.kem.deriveKeyPair(hex(V.ikmE));
    expect(toHex(await hpke.kem.serializePrivateKey(ekm.privateKey))).toBe(V.skEm);
    expect(toHex(await hpke.kem.serializePublicKey(ekm.publicKey))).toBe(V.pkEm);
    const sealed = await hpkeSeal(V.pkRm, hex(V0.plaintext), hex(V.info), () => hex(V0.aad), hex(V.ikmE));
    expect(sealed).toEqual({ encappedPublic: V.enc, ciphertext: V0.ciphertext });
  });

  it('opens the provider\'s published credential bundle with the provider\'s conventions, and not with another key or tampered', async () => {
    const parts = tkParts();
    expect(toHex((await openBundle(await sandboxRecipient(TK.receiverPrivateKey), parts.encappedPublic, parts.ciphertext))!)).toBe(TK.plaintext);
    expect(await openBundle(await newRecipient(), parts.encappedPublic, parts.ciphertext)).toBeUndefined();
    expect(await openBundle(await sandboxRecipient(TK.receiverPrivateKey), parts.encappedPublic, tampered(parts.ciphertext))).toBeUndefined();
  });

  it('opens what the harness seals to its signed OTP target bundles (encryptOtpCodeToBundle), and not one sealed to another key, tampered, or without the provider\'s info and aad', async () => {
    for (let i = 0; i < 4; i++) {
      const recipient = await newRecipient();
      const key = new SessionKey();
      const sealed = await sealOtpCode(recipient.bundle, key.publicKeyHex, '000000');
      expect(new TextDecoder().decode((await openBundle(recipient, sealed.encappedPublic, sealed.ciphertext))!)).toBe(otpPlaintext(key.publicKeyHex));
      expect(await openBundle(recipient, sealed.encappedPublic, tampered(sealed.ciphertext))).toBeUndefined();
    }
    const recipient = await newRecipient();
    const key = new SessionKey();
    for (const form of [recipient.publicKeyHex, JSON.stringify({ ...JSON.parse(recipient.bundle), dataSignature: '', enclaveQuorumPublic: '' })]) {
      const sealed = await sealOtpCode(form, key.publicKeyHex, '000000');
      expect(new TextDecoder().decode((await openBundle(recipient, sealed.encappedPublic, sealed.ciphertext))!), 'a bare key or an unsigned envelope as the target bundle').toBe(otpPlaintext(key.publicKeyHex));
    }
    const plaintext = new TextEncoder().encode(otpPlaintext(new SessionKey().publicKeyHex));
    const misdirected = sealToKey((await newRecipient()).publicKeyHex, plaintext);
    expect(await openBundle(recipient, misdirected.encappedPublic, misdirected.ciphertext)).toBeUndefined();
    const plain = await hpke.seal({ recipientPublicKey: await hpke.kem.deserializePublicKey(hex(recipient.publicKeyHex)) }, plaintext);
    expect(await openBundle(recipient, toHex(plain.enc), toHex(plain.ct)), 'RFC 9180 with empty info and aad is not the provider\'s convention').toBeUndefined();
  });

  it('seals what the harness opens with the client key (hpkeDecrypt, and as an unsigned export bundle), and another key or tampering does not open it', async () => {
    const client = new SessionKey();
    const sealed = await sealTo(client.uncompressedPublicKeyHex, new TextEncoder().encode('wallet secret'));
    expect(new TextDecoder().decode(openSealed(client.secretKey, sealed))).toBe('wallet secret');
    expect(() => openSealed(new SessionKey().secretKey, sealed)).toThrow();
    expect(() => openSealed(client.secretKey, { ...sealed, ciphertext: tampered(sealed.ciphertext) })).toThrow();
    const unsigned = JSON.stringify({ version: 'v1.0.0', data: Buffer.from(JSON.stringify({ ...sealed, organizationId: 'InternalAccount:1' })).toString('hex'), dataSignature: '', enclaveQuorumPublic: '' });
    expect(new TextDecoder().decode(await openExportBundle(unsigned, client.secretKey))).toBe('wallet secret');
    await expect(openExportBundle(unsigned, new SessionKey().secretKey)).rejects.toThrow();
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

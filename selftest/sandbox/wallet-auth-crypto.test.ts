// Embedded-wallet cryptography on both sides, against published vectors and against each other:
// HPKE: the sandbox's @hpke/core against RFC 9180 appendix A.3.1 (DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
// AES-128-GCM, base mode), both sides against the wallet provider's published credential bundle, and each
// side opening what the other seals with the provider's conventions (the harness on the provider's own
// @turnkey/crypto); the P-256 stamp (RFC 6979 appendix
// A.2.5, P-256 with SHA-256, message "sample") for the harness's @noble/curves signer and the sandbox's
// node:crypto verifier. Each pair also refuses a wrong key, a wrong payload and a tampered ciphertext.
import { p256 } from '@noble/curves/nist.js';
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { openCredentialBundle, openExportBundle, openSealed, sealOtpCode, sealToKey } from '../../helpers/wallets/hpke.js';
import { encodeStamp, SessionKey, STAMP_SCHEME, verifyStamp as harnessVerifyStamp } from '../../helpers/wallets/stamp.js';
import { decodeStamp, hpke, newRecipient, openBundle, otpTargetBundle, sealTo, verifyStamp } from '../../sandbox/embedded-wallet-auth/crypto.js';

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
  it('reproduces RFC 9180 A.3.1 with the same library and suite wiring, AES-128-GCM for the vector', async () => {
    const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });
    const recipient = await suite.kem.deriveKeyPair(hex(A31.ikmR).buffer);
    expect(toHex(await suite.kem.serializePublicKey(recipient.publicKey))).toBe(A31.pkRm);
    const ekm = await suite.kem.deriveKeyPair(hex(A31.ikmE).buffer);
    const { ct, enc } = await suite.seal({ recipientPublicKey: recipient.publicKey, info: hex(A31.info), ekm }, hex(A31.pt), hex(A31.aad));
    expect([toHex(enc), toHex(ct)]).toEqual([A31.pkEm, A31.ct]);
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

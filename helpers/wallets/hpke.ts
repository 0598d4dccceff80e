// HPKE for the wallet bundles, on the wallet provider's own client library, @turnkey/crypto (supplement 17's
// OTP and export bundle shapes are that provider's): base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
// AES-256-GCM, with the library's info and aad. The sandbox seals and opens with @hpke/core, so a mistake
// on one side cannot cancel out on the other; the self-tests check both against published vectors and
// against each other.
import { createRequire } from 'node:module';

/**
 * The part of @turnkey/crypto used here, with the library's own signatures. The module is loaded with
 * `require` (its CommonJS build), not imported, because its declaration files carry
 * `/// <reference lib="dom" />`, which would pull the DOM's globals into this Node project's type check.
 */
export interface TurnkeyCrypto {
  getPublicKey(privateKey: Uint8Array | string, isCompressed?: boolean): Uint8Array;
  compressRawPublicKey(rawPublicKey: Uint8Array): Uint8Array;
  uncompressRawPublicKey(rawPublicKey: Uint8Array): Uint8Array;
  hpkeEncrypt(params: { plainTextBuf: Uint8Array; targetKeyBuf: Uint8Array }): Uint8Array;
  hpkeDecrypt(params: { ciphertextBuf: Uint8Array; encappedKeyBuf: Uint8Array; receiverPriv: string }): Uint8Array;
  formatHpkeBuf(encryptedBuf: Uint8Array): string;
  encryptOtpCodeToBundle(otpCode: string, otpEncryptionTargetBundle: string, publicKey: string, dangerouslyOverrideSignerPublicKey?: string): Promise<string>;
  decryptExportBundle(params: { exportBundle: string; organizationId: string; embeddedKey: string; dangerouslyOverrideSignerPublicKey?: string; returnMnemonic: boolean }): Promise<string>;
  decryptCredentialBundle(credentialBundle: string, embeddedKey: string): string;
}
const require = createRequire(import.meta.url);
/**
 * The library's two modules that hold these functions, loaded by their paths in the install (the
 * package exports only its entry): the entry also loads its proof and webhook modules (X.509 through
 * @peculiar/x509), which the harness does not use and which every worker would otherwise spend CPU
 * loading. A version that moves a function fails here, at load, naming it.
 */
export const turnkey = {
  ...require('../../node_modules/@turnkey/crypto/dist/crypto.js'),
  ...require('../../node_modules/@turnkey/crypto/dist/turnkey.js'),
} as TurnkeyCrypto;
for (const name of ['getPublicKey', 'compressRawPublicKey', 'uncompressRawPublicKey', 'hpkeEncrypt', 'hpkeDecrypt', 'formatHpkeBuf', 'encryptOtpCodeToBundle', 'decryptExportBundle', 'decryptCredentialBundle'] as const) {
  if (typeof turnkey[name] !== 'function') throw new Error(`@turnkey/crypto: ${name} is not in its dist/crypto.js or dist/turnkey.js`);
}
const { decryptCredentialBundle, decryptExportBundle, encryptOtpCodeToBundle, formatHpkeBuf, hpkeDecrypt, hpkeEncrypt } = turnkey;

export interface SealedBundle {
  /** The encapsulated key, uncompressed, hex. */
  encappedPublic: string;
  /** Ciphertext and tag, hex. */
  ciphertext: string;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fromHex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

/** The provider's signed envelope {version, data, dataSignature, enclaveQuorumPublic}, data hex JSON. */
export interface SignedEnvelope {
  version?: string;
  data: string;
  dataSignature: string;
  enclaveQuorumPublic: string;
}

/** Reads a signed envelope (JSON, or JSON in hex); throws when it is neither. */
export function parseEnvelope(text: string): SignedEnvelope {
  const json = /^\s*\{/.test(text) ? text : Buffer.from(text, 'hex').toString('utf8');
  const parsed = JSON.parse(json) as Partial<SignedEnvelope>;
  if (typeof parsed.data !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(parsed.data)) throw new Error('the envelope has no hex data');
  return { ...parsed, data: parsed.data, dataSignature: String(parsed.dataSignature ?? ''), enclaveQuorumPublic: String(parsed.enclaveQuorumPublic ?? '') };
}

/** The JSON an envelope's `data` carries. */
export function envelopeData(envelope: SignedEnvelope): Record<string, unknown> {
  return JSON.parse(Buffer.from(envelope.data, 'hex').toString('utf8')) as Record<string, unknown>;
}

/** Seals `plaintext` to an uncompressed P-256 public key (hex), in the library's {encappedPublic, ciphertext} form. */
export function sealToKey(publicKeyHex: string, plaintext: Uint8Array): SealedBundle {
  return JSON.parse(formatHpkeBuf(hpkeEncrypt({ plainTextBuf: plaintext, targetKeyBuf: fromHex(publicKeyHex) }))) as SealedBundle;
}

/**
 * Seals {otp_code, public_key} to an otpEncryptionTargetBundle as the library's encryptOtpCodeToBundle
 * does. A signed bundle goes through encryptOtpCodeToBundle itself, which checks `dataSignature` (ECDSA
 * P-256 SHA-256 over `data`) against the bundle's own `enclaveQuorumPublic` (no document names the
 * target's signer key); an unsigned one (empty signature, as the supplement's sandbox leaves the
 * export's) is sealed to its `targetPublic` with the same primitives, and so is a bundle that is a bare
 * uncompressed P-256 key in hex (no document states the bundle's form).
 */
export async function sealOtpCode(otpEncryptionTargetBundle: string, publicKeyHex: string, otpCode: string): Promise<SealedBundle> {
  const plaintext = new TextEncoder().encode(JSON.stringify({ otp_code: otpCode, public_key: publicKeyHex }));
  if (/^04[0-9a-fA-F]{128}$/.test(otpEncryptionTargetBundle)) return sealToKey(otpEncryptionTargetBundle, plaintext);
  const envelope = parseEnvelope(otpEncryptionTargetBundle);
  if (envelope.dataSignature !== '') {
    return JSON.parse(await encryptOtpCodeToBundle(otpCode, otpEncryptionTargetBundle, publicKeyHex, envelope.enclaveQuorumPublic)) as SealedBundle;
  }
  const { targetPublic } = envelopeData(envelope);
  if (typeof targetPublic !== 'string') throw new Error('the OTP target bundle names no targetPublic');
  return sealToKey(targetPublic, plaintext);
}

/** Opens {encappedPublic, ciphertext} (hex) with the recipient's secret key; throws when it does not authenticate. */
export function openSealed(secretKey: Uint8Array, sealed: SealedBundle): Uint8Array {
  return hpkeDecrypt({ ciphertextBuf: fromHex(sealed.ciphertext), encappedKeyBuf: fromHex(sealed.encappedPublic), receiverPriv: hex(secretKey) });
}

/**
 * Opens an export bundle {version, data, dataSignature, enclaveQuorumPublic} (supplement 17) with the
 * recipient's secret key: a signed one with the library's decryptExportBundle (signature over `data` by
 * the bundle's `enclaveQuorumPublic`, and `organizationId` as `data` names it), an unsigned one (the
 * supplement's sandbox leaves `dataSignature` and `enclaveQuorumPublic` empty) with hpkeDecrypt. Answers
 * the plaintext; throws when it does not open.
 */
export async function openExportBundle(bundle: string, secretKey: Uint8Array): Promise<Uint8Array> {
  const envelope = parseEnvelope(bundle);
  const data = envelopeData(envelope);
  if (typeof data.encappedPublic !== 'string' || typeof data.ciphertext !== 'string') throw new Error('the export bundle data has no encappedPublic and ciphertext');
  if (envelope.dataSignature !== '') {
    const opened = await decryptExportBundle({
      exportBundle: JSON.stringify(envelope), embeddedKey: hex(secretKey), organizationId: String(data.organizationId), dangerouslyOverrideSignerPublicKey: envelope.enclaveQuorumPublic, returnMnemonic: false,
    });
    return fromHex(opened);
  }
  return openSealed(secretKey, { encappedPublic: data.encappedPublic, ciphertext: data.ciphertext });
}

/** Opens a base58check credential bundle (33-byte compressed encapsulated key, then the ciphertext) with the library's decryptCredentialBundle. */
export function openCredentialBundle(bundle: string, secretKey: Uint8Array): Uint8Array {
  return fromHex(decryptCredentialBundle(bundle, hex(secretKey)));
}

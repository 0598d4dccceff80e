// The request bodies of the embedded-wallet routes (supplement 17): the P-256 key forms, the credential,
// challenge, verify, refresh, account PATCH and export bodies, and the ids in their paths.
import { z } from 'zod';
import { uncompressedPoint } from './crypto.js';

export const COMPRESSED = /^0[23][0-9a-fA-F]{64}$/;
export const UNCOMPRESSED = /^04[0-9a-fA-F]{128}$/;
export const HEX = /^([0-9a-fA-F]{2})+$/;

export const AccountQuery = z.object({ accountId: z.string().min(1) }).passthrough();
export const CredentialParams = z.object({ credentialId: z.string().min(1) });
export const SessionParams = z.object({ sessionId: z.string().min(1) });
export const AccountParams = z.object({ internalAccountId: z.string().min(1) });
export const CustomerParams = z.object({ customerId: z.string().min(1) });
export const ProvisionBody = z.strictObject({ email: z.string().email().optional() });
// Supplement 17: {type*, accountId*}; an OTP credential's nickname is the customer's email or phone number;
// PASSKEY adds nickname* (1-100), challenge* (base64url, single use), attestation*.
export const B64URL = /^[A-Za-z0-9_-]+$/;
export const CreateCredentialBody = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['EMAIL_OTP', 'SMS_OTP']), accountId: z.string().min(1) }),
  z.strictObject({ type: z.literal('OAUTH'), accountId: z.string().min(1), oidcToken: z.string().min(1) }),
  z.strictObject({
    type: z.literal('PASSKEY'),
    accountId: z.string().min(1),
    nickname: z.string().min(1).max(100),
    challenge: z.string().regex(B64URL, 'base64url'),
    attestation: z.strictObject({
      credentialId: z.string().regex(B64URL, 'base64url'),
      clientDataJson: z.string().regex(B64URL, 'base64url'),
      attestationObject: z.string().regex(B64URL, 'base64url'),
      transports: z.array(z.string()).optional(),
    }),
  }),
]);
export const ChallengeBody = z.strictObject({ clientPublicKey: z.string().regex(COMPRESSED).optional() });
/** The challenge body that also takes an uncompressed (legacy) clientPublicKey, the session key then made by the sandbox and returned sealed. */
export const LegacyChallengeBody = z.strictObject({ clientPublicKey: z.string().regex(new RegExp(`${COMPRESSED.source}|${UNCOMPRESSED.source}`), 'a compressed or uncompressed P-256 public key, hex').optional() });
/** The sealed OTP attempt an encryptedOtpBundle holds: {encappedPublic, ciphertext} (supplement 17). */
const SealedOtp = z.strictObject({ encappedPublic: z.string().regex(UNCOMPRESSED, 'an uncompressed P-256 point, hex'), ciphertext: z.string().regex(HEX, 'hex') });
export type SealedOtp = z.infer<typeof SealedOtp>;

/**
 * openapi.yaml, EmailOtpCredentialVerifyRequestFields.encryptedOtpBundle: a string, "the `{encappedPublic,
 * ciphertext}` JSON an HPKE library produces". Its sealed attempt, or undefined when the text is not that JSON.
 */
export function readSealedOtp(text: string): SealedOtp | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const sealed = SealedOtp.safeParse(value);
  return sealed.success ? sealed.data : undefined;
}

export const VerifyOtpBody = z.strictObject({
  type: z.enum(['EMAIL_OTP', 'SMS_OTP']),
  encryptedOtpBundle: z.string().refine((text) => readSealedOtp(text) !== undefined, 'the {encappedPublic, ciphertext} JSON of an HPKE seal (encappedPublic an uncompressed P-256 point, ciphertext hex)'),
});
export const VerifyOauthBody = z.strictObject({ type: z.literal('OAUTH'), oidcToken: z.string().min(1), clientPublicKey: z.string().regex(COMPRESSED, 'a compressed P-256 public key, hex') });

export const VerifyPasskeyBody = z.strictObject({
  type: z.literal('PASSKEY'),
  assertion: z.strictObject({
    credentialId: z.string().regex(B64URL, 'base64url'),
    clientDataJson: z.string().regex(B64URL, 'base64url'),
    authenticatorData: z.string().regex(B64URL, 'base64url'),
    signature: z.string().regex(B64URL, 'base64url'),
    userHandle: z.string().optional(),
  }),
});
export const OtpPlaintext = z.object({ otp_code: z.string(), public_key: z.string().regex(COMPRESSED, 'a compressed P-256 public key, hex') });
// Supplement 17: clientPublicKey compressed (the client keeps the session key) or uncompressed (legacy: the key is returned sealed).
const onCurve = (hex: string) => uncompressedPoint(hex) !== undefined;
export const RefreshBody = z.strictObject({ clientPublicKey: z.string().regex(new RegExp(`${COMPRESSED.source}|${UNCOMPRESSED.source}`), 'a compressed or uncompressed P-256 public key, hex').refine(onCurve, 'a point on P-256') });
export const PatchAccountBody = z.strictObject({ privateEnabled: z.boolean() });
export const ExportBody = z.strictObject({ clientPublicKey: z.string().regex(UNCOMPRESSED, 'an uncompressed P-256 public key, hex (04 and 128 hex digits)').refine(onCurve, 'a point on P-256') });

// Response schemas of API tokens and embedded-wallet auth. basis: supplement (sections 17 and 20):
// the interface shows neither record ("Shape of ... credential records: not shown"), so required
// fields and enums are the supplement's.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';

export const Permission = z.enum(['VIEW', 'TRANSACT', 'MANAGE']);

/** Supplement 20: ApiToken {id* (Token:<uuid>), name*, permissions*, clientId*, clientSecret?, createdAt*, updatedAt*}. */
export const ApiToken = z.looseObject({
  id: typedId('Token'),
  name: z.string(),
  permissions: z.array(Permission),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type ApiToken = z.infer<typeof ApiToken>;
/** Supplement 20: 201 ApiToken with clientSecret (the only time it is shown). */
export const CreatedApiToken = ApiToken.extend({ clientSecret: z.string().min(1) });
export const ApiTokenPage = pageOf(ApiToken);

export const CredentialType = z.enum(['OAUTH', 'EMAIL_OTP', 'SMS_OTP', 'PASSKEY']);

/**
 * Supplement 10 and 17: the first call of a signed retry, 202 {payloadToSign*, requestId* (Request:<uuid>),
 * expiresAt*}. Description: SignedRequestChallenge requires the three and types no other member.
 */
export const SignatureRequest = z.looseObject({
  payloadToSign: z.string().min(1),
  requestId: typedId('Request'),
  expiresAt: IsoUtc,
});
export type SignatureRequest = z.infer<typeof SignatureRequest>;

/**
 * Description: AuthSignedRequestChallenge, the 202 of POST /auth/credentials, DELETE /auth/credentials/{id},
 * DELETE /auth/sessions/{id} and the OTP branch of POST /auth/credentials/{id}/verify: the
 * SignedRequestChallenge members plus type* (an AuthMethodType), "the credential type being added,
 * revoked, or authenticated", for a session's revocation "the type of credential that issued the session".
 */
export const AuthSignatureRequest = SignatureRequest.extend({ type: CredentialType });
export type AuthSignatureRequest = z.infer<typeof AuthSignatureRequest>;

/** Supplement 17: AuthMethod {id* (AuthMethod:<uuid>), accountId*, type*, credentialId?, nickname*, createdAt*, updatedAt*, otpEncryptionTargetBundle?}. */
export const AuthMethod = z.looseObject({
  id: typedId('AuthMethod'),
  accountId: z.string().min(1),
  type: CredentialType,
  credentialId: z.string().min(1).optional(),
  nickname: z.string(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
  otpEncryptionTargetBundle: z.string().min(1).optional(),
});
export type AuthMethod = z.infer<typeof AuthMethod>;
export const AuthMethodList = z.looseObject({ data: z.array(AuthMethod) });

/** Supplement 17: a challenge of an OTP credential answers the AuthMethod with a new otpEncryptionTargetBundle. */
export const OtpChallenge = AuthMethod.extend({ otpEncryptionTargetBundle: z.string().min(1) });

/** Supplement 17: AuthSession = AuthMethod's fields with id Session:<uuid>, expiresAt*, legacy encryptedSessionSigningKey?. */
export const AuthSession = AuthMethod.extend({
  id: typedId('Session'),
  expiresAt: IsoUtc,
  encryptedSessionSigningKey: z.string().optional(),
});
export type AuthSession = z.infer<typeof AuthSession>;
export const AuthSessionList = z.looseObject({ data: z.array(AuthSession) });

/** Supplement 17: POST /internal-accounts/{id}/export: 200 {id*, encryptedWalletCredentials*}. */
export const WalletExport = z.looseObject({ id: z.string().min(1), encryptedWalletCredentials: z.string().min(1) });

/** Supplement 17, Export: {version: "v1.0.0", data, dataSignature, enclaveQuorumPublic}, data = {encappedPublic, ciphertext, organizationId} (hex). */
export const ExportBundle = z.looseObject({
  version: z.literal('v1.0.0'),
  data: z.string().regex(/^([0-9a-fA-F]{2})+$/, 'hex'),
  dataSignature: z.string(),
  enclaveQuorumPublic: z.string(),
});
export const ExportBundleData = z.looseObject({
  encappedPublic: z.string().regex(/^04[0-9a-fA-F]{128}$/, 'an uncompressed P-256 point, hex'),
  ciphertext: z.string().regex(/^([0-9a-fA-F]{2})+$/, 'hex'),
  organizationId: z.string(),
});

/** Supplement 17: DelegatedKey {id (DelegatedKey:<uuid>), cardId, fundingSourceId (CardFundingSource:<uuid>), accountId, publicKey, nickname, status, createdAt, updatedAt}. */
export const DelegatedKey = z.looseObject({
  id: typedId('DelegatedKey'),
  cardId: z.string().min(1),
  fundingSourceId: typedId('CardFundingSource'),
  accountId: z.string().min(1),
  publicKey: z.string().min(1),
  nickname: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'REVOKED']),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type DelegatedKey = z.infer<typeof DelegatedKey>;
export const DelegatedKeyList = z.looseObject({ data: z.array(DelegatedKey) });

/** Supplement 17: a PASSKEY challenge answers the AuthMethod + credentialId*, challenge*, requestId*, expiresAt*. */
export const PasskeyChallenge = AuthMethod.extend({
  credentialId: z.string().min(1),
  challenge: z.string().regex(/^[0-9a-f]{64}$/, 'lowercase hex SHA-256'),
  requestId: typedId('Request'),
  expiresAt: IsoUtc,
});

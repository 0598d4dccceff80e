// Response schemas of API tokens and embedded-wallet auth, as the description gives them (the
// interface shows neither record: "Shape of ... credential records: not shown"). Ids are the
// interface's <TypeName>:<uuid>, timestamps UTC.
import { z } from 'zod';
import { IsoUtc, typedId } from './common.js';
import { pageOf } from './page.js';

/** Description: Permission. */
export const Permission = z.enum(['VIEW', 'TRANSACT', 'MANAGE']);

/** Description: ApiToken {id* (Token:<uuid>), name*, permissions*, clientId*, clientSecret, createdAt*, updatedAt*}. */
export const ApiToken = z.looseObject({
  id: typedId('Token'),
  name: z.string(),
  permissions: z.array(Permission),
  clientId: z.string(),
  clientSecret: z.string().optional(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type ApiToken = z.infer<typeof ApiToken>;
/** Supplement 20: 201 ApiToken with clientSecret (the only time it is shown). */
export const CreatedApiToken = ApiToken.extend({ clientSecret: z.string() });
/** Description: TokenListResponse. */
export const ApiTokenPage = pageOf(ApiToken);

/** Description: AuthMethodType. */
export const CredentialType = z.enum(['OAUTH', 'EMAIL_OTP', 'SMS_OTP', 'PASSKEY']);

/** Description: SignedRequestChallenge {payloadToSign*, requestId* (Request:<uuid>), expiresAt*}, the first call of a signed retry. */
export const SignatureRequest = z.looseObject({
  payloadToSign: z.string(),
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

/**
 * Description: AuthMethodResponse, the AuthMethod {id* (AuthMethod:<uuid>), accountId*, type*, credentialId,
 * nickname*, createdAt*, updatedAt*} with otpEncryptionTargetBundle.
 */
export const AuthMethod = z.looseObject({
  id: typedId('AuthMethod'),
  accountId: z.string(),
  type: CredentialType,
  credentialId: z.string().optional(),
  nickname: z.string(),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
  otpEncryptionTargetBundle: z.string().optional(),
});
export type AuthMethod = z.infer<typeof AuthMethod>;
/** Description: AuthCredentialListResponse {data*}. */
export const AuthMethodList = z.looseObject({ data: z.array(AuthMethod) });

/** Description: AuthCredentialResponseOneOf, its OTP branch: an AuthMethodResponse of type EMAIL_OTP or SMS_OTP. */
export const OtpChallenge = AuthMethod.extend({ type: z.enum(['EMAIL_OTP', 'SMS_OTP']) });

/** Description: AuthSession, the AuthMethod with id* (Session:<uuid>), expiresAt*, encryptedSessionSigningKey (deprecated). */
export const AuthSession = AuthMethod.extend({
  id: typedId('Session'),
  expiresAt: IsoUtc,
  encryptedSessionSigningKey: z.string().optional(),
});
export type AuthSession = z.infer<typeof AuthSession>;
/** Description: SessionListResponse {data*}. */
export const AuthSessionList = z.looseObject({ data: z.array(AuthSession) });

/** Description: InternalAccountExportResponse {id*, encryptedWalletCredentials*}. */
export const WalletExport = z.looseObject({ id: z.string(), encryptedWalletCredentials: z.string() });

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

/** Description: DelegatedKey, every member required: id (DelegatedKey:<uuid>), cardId, fundingSourceId (CardFundingSource:<uuid>), accountId, publicKey, nickname, status (DelegatedKeyStatus), createdAt, updatedAt. */
export const DelegatedKey = z.looseObject({
  id: typedId('DelegatedKey'),
  cardId: z.string(),
  fundingSourceId: typedId('CardFundingSource'),
  accountId: z.string(),
  publicKey: z.string(),
  nickname: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'REVOKED']),
  createdAt: IsoUtc,
  updatedAt: IsoUtc,
});
export type DelegatedKey = z.infer<typeof DelegatedKey>;
/** Description: DelegatedKeyListResponse {data*}. */
export const DelegatedKeyList = z.looseObject({ data: z.array(DelegatedKey) });

/** Description: PasskeyAuthChallenge, the AuthMethod with credentialId*, challenge*, requestId* (Request:<uuid>), expiresAt*. */
export const PasskeyChallenge = AuthMethod.extend({
  credentialId: z.string(),
  challenge: z.string(),
  requestId: typedId('Request'),
  expiresAt: IsoUtc,
});

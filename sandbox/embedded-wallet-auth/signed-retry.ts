// The embedded-wallet signed retry (supplement sections 10 and 17; interface: Authentication 4). The
// first call without Svc-Wallet-Signature answers 202 {payloadToSign, requestId, expiresAt} (openapi.yaml,
// SignedRequestChallenge), with the credential type of an auth operation's AuthSignedRequestChallenge; the
// same request again with the stamp over payloadToSign and Request-Id completes it. Each request id is
// bound to its operation and its body, lives until expiresAt, and is used once.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { areaState, type SandboxContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { decodeStamp, verifyStamp, type Stamp } from './crypto.js';

export interface PendingRequest {
  requestId: string;
  /** METHOD and path of the operation, ids included: a request id completes only the operation it was issued for. */
  operation: string;
  /** The bound body, canonical JSON. */
  body: string;
  payloadToSign: string;
  expiresAtMs: number;
  used: boolean;
  /** What an operation of several signed legs carries from one leg to the next (the PENDING delegated key). */
  context?: unknown;
}

const pendingRequests = (ctx: SandboxContext) => areaState(ctx, 'wallet-pending-requests', () => new Map<string, PendingRequest>());

/**
 * How long a signed retry may take (this sandbox's choice; the documents leave it open): twice the
 * lifetime of a WALLET_SIGNATURE challenge (--challenge-ttl-ms; 20 minutes by default, short in embedded runs).
 */
export const requestTtlMs = (ctx: SandboxContext) => 2 * ctx.settings.challengeTtlMs;

const walletError = (code: string, message: string) => new ApiError(401, code, message);

/** JSON with object keys sorted, so the same body compares equal whatever its key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export interface SignedOperation {
  /** What the request does, named in the default payloadToSign (its `type`, as the description's examples name an activity). */
  activity: string;
  /**
   * The credential type the 202's `type` names, on the operations whose 202 is openapi.yaml's
   * AuthSignedRequestChallenge: the credential being added, revoked or authenticated, or the one that
   * issued the session being revoked (an AuthMethodType). Other operations' 202 carry no `type`.
   */
  credentialType?: 'OAUTH' | 'EMAIL_OTP' | 'SMS_OTP' | 'PASSKEY';
  accountId: string;
  /** Whether the stamp's key may sign this operation (a verified session of the account, for example). */
  signer: (publicKey: string) => boolean;
  /** A payloadToSign other than the default JSON activity string (the OTP verify's compact token). */
  payload?: (requestId: string, expiresAtMs: number) => string;
  /** What the first leg's request id carries to the retry (the credential set as it was, for example). */
  context?: () => unknown;
}

/**
 * Runs an operation through the signed retry: `perform` runs only on a retry whose stamp verifies, over
 * the payloadToSign of a live, unused request id issued for this operation and this body, made by a key
 * `op.signer` accepts. Answers 202 on the first call, and the wallet 401 codes (supplement 17) otherwise.
 */
export async function signedRetry<T>(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply, op: SignedOperation, perform: (stamp: Stamp, pending: PendingRequest) => Promise<T> | T): Promise<T | FastifyReply> {
  const { faults } = ctx;
  const signature = header(req, 'svc-wallet-signature');
  const requestId = header(req, 'request-id');
  const operation = `${req.method} ${req.url.split('?')[0]}`;
  const body = canonical(req.body ?? {});
  const now = ctx.clock.now();

  if (signature === undefined && requestId === undefined) return issueSignatureRequest(ctx, req, reply, op, op.context?.());
  // Supplement 17: WALLET_SIGNATURE_MISSING "header absent on retry"; REQUEST_ID_MISSING "signature without Request-Id".
  if (signature === undefined) throw walletError('WALLET_SIGNATURE_MISSING', 'The signed retry carries Request-Id but no Svc-Wallet-Signature');
  if (requestId === undefined) throw walletError('REQUEST_ID_MISSING', 'Svc-Wallet-Signature was sent without Request-Id');
  const stamp = decodeStamp(signature);
  if (!stamp) throw walletError('WALLET_SIGNATURE_MALFORMED', 'Svc-Wallet-Signature is not a base64url JSON stamp {publicKey, scheme, signature}');

  // An unknown, expired or used Request-Id: 401, code not stated (supplement 17 and 28.2); this sandbox says WALLET_SIGNATURE_INVALID.
  const pending = pendingRequests(ctx).get(requestId);
  if (!pending || pending.operation !== operation) throw walletError('WALLET_SIGNATURE_INVALID', `Request-Id ${requestId} was not issued for ${operation}`);
  if (pending.used && !faults.has('wallet-request-id-reusable')) throw walletError('WALLET_SIGNATURE_INVALID', `Request-Id ${requestId} was already used`);
  if (now >= pending.expiresAtMs && !faults.has('wallet-request-id-never-expires')) throw walletError('WALLET_SIGNATURE_INVALID', `Request-Id ${requestId} expired at ${new Date(pending.expiresAtMs).toISOString()}`);
  // The alternate: a retry refused from here on has used its Request-Id up all the same.
  if (ctx.choices.alternate('refused-retry-consumes-request-id')) pending.used = true;
  if (pending.body !== body && !faults.has('wallet-body-mismatch-accepted')) {
    throw walletError('WALLET_SIGNATURE_BODY_MISMATCH', 'The retry body differs from the body the signature request was issued for');
  }
  if (!verifyStamp(stamp, pending.payloadToSign) && !faults.has('wallet-stamp-unverified')) {
    throw walletError('WALLET_SIGNATURE_INVALID', 'The stamp does not verify over payloadToSign');
  }
  if (!op.signer(stamp.publicKey)) throw walletError('WALLET_SIGNATURE_INVALID', 'The stamp was not made by a key allowed to sign this operation');
  pending.used = true;
  return perform(stamp, pending);
}

/** Answers 202 {payloadToSign, requestId, expiresAt[, type]} for this request's operation and body; `context` rides with the request id. */
export function issueSignatureRequest(ctx: SandboxContext, req: FastifyRequest, reply: FastifyReply, op: SignedOperation, context?: unknown): FastifyReply {
  const now = ctx.clock.now();
  const body = canonical(req.body ?? {});
  const id = `Request:${randomUUID()}`;
  const expiresAtMs = now + requestTtlMs(ctx);
  const activity = { type: op.activity, organizationId: op.accountId, requestId: id, timestampMs: String(now), parameters: JSON.parse(body) as unknown };
  // The alternate: the form of the description's examples, keys sorted and the activity ACTIVITY_TYPE_<activity>.
  const payloadToSign = op.payload
    ? op.payload(id, expiresAtMs)
    : ctx.choices.alternate('activity-payload-description-form') ? canonical({ ...activity, type: `ACTIVITY_TYPE_${op.activity}` }) : JSON.stringify(activity);
  pendingRequests(ctx).set(id, { requestId: id, operation: `${req.method} ${req.url.split('?')[0]}`, body, payloadToSign, expiresAtMs, used: false, context });
  return reply.status(202).send({ payloadToSign, requestId: id, expiresAt: new Date(expiresAtMs).toISOString(), ...(op.credentialType ? { type: op.credentialType } : {}) });
}

// The one-step wallet signature of a quote from an EMBEDDED_WALLET account (supplement 10: "Quote
// execute: one step: Svc-Wallet-Signature over the quote's
// paymentInstructions[].accountOrWalletInfo.payloadToSign (EMBEDDED_WALLET); no Request-Id"; 17: the
// 401 codes apply to the "wallet-sourced quote execute", WALLET_SIGNATURE_MISSING "header absent on
// retry/execute"). The payload's content is this sandbox's choice (sandbox/README.md): the JSON activity
// string of the signed retries, naming the quote and its sending total.
import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.js';
import { ApiError } from '../errors.js';
import { decodeStamp, verifyStamp } from './crypto.js';
import { isSessionKeyOf } from './routes.js';

export function quotePayloadToSign(accountId: string, quoteId: string, totalSending: number, currency: string, nowMs: number): string {
  return JSON.stringify({ type: 'SIGN_TRANSACTION', organizationId: accountId, timestampMs: String(nowMs), parameters: { quoteId, totalSendingAmount: totalSending, currency } });
}

/** Throws the wallet 401s unless Svc-Wallet-Signature is a stamp over `payloadToSign` by a live session of the account. */
export function assertQuoteSignature(ctx: SandboxContext, req: FastifyRequest, accountId: string, payloadToSign: string): void {
  if (ctx.faults.has('wallet-quote-execute-unsigned')) return;
  const raw = req.headers['svc-wallet-signature'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header === undefined) throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', 'Executing a quote from an embedded wallet needs Svc-Wallet-Signature over its payloadToSign');
  const stamp = decodeStamp(header);
  if (!stamp) throw new ApiError(401, 'WALLET_SIGNATURE_MALFORMED', 'Svc-Wallet-Signature is not a base64url JSON stamp {publicKey, scheme, signature}');
  if (!verifyStamp(stamp, payloadToSign) || !isSessionKeyOf(ctx, accountId, stamp.publicKey)) {
    throw new ApiError(401, 'WALLET_SIGNATURE_INVALID', 'The stamp is not a live session\'s signature over the quote\'s payloadToSign');
  }
}

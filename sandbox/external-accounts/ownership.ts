// Interface: "Verify ownership with a wallet signature"; External account `status` table; Ownership
// challenge; Authentication 1 (Basic only for verify). Supplement section 7 for the rest: the
// challenge of a first-party self-custody wallet, its verify, and the hosted liveness check's trigger.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { verifyBitcoinMessage, type BitcoinScheme } from '../crypto/bitcoin.js';
import { verifyPersonalSign } from '../crypto/evm.js';
import { verifyEd25519Message } from '../crypto/solana.js';
import { verifyTronMessage } from '../crypto/tron.js';
import { parse, type SandboxContext } from '../context.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import {
  BITCOIN_KEYED, EVM_WALLETS, externalAccounts, getExternalAccount, isSelfCustodyWallet, presentExternalAccount, setExternalStatus, type ExternalAccountRecord, type Scope,
} from './state.js';

const ChallengeBody = z.object({ method: z.enum(['WALLET_SIGNATURE', 'LIVENESS']) });
const VerifyBody = z.object({ signature: z.string().min(1), signatureScheme: z.enum(['bip137', 'electrum']).optional() });
/** The fault's verify body: any signatureScheme string passes (and counts as bip137). */
const VerifyBodyAnyScheme = VerifyBody.extend({ signatureScheme: z.string().optional().transform((v) => (v === 'electrum' ? 'electrum' : v === undefined ? undefined : 'bip137') as BitcoinScheme | undefined) });
const LivenessBody = z.object({ outcome: z.enum(['PASS', 'FAIL']) });
const Params = z.object({ externalAccountId: z.string().min(1) });

function verifySignature(ctx: SandboxContext, a: ExternalAccountRecord, message: string, signature: string, scheme: BitcoinScheme | undefined) {
  const type = a.accountInfo.accountType;
  const address = String(a.accountInfo.address ?? '');
  if (EVM_WALLETS.has(type)) {
    // signatureScheme only matters for Bitcoin; other chains ignore it (verify rule 4).
    if (scheme === 'electrum' && ctx.faults.has('signature-scheme-honoured-on-evm')) return { ok: false, reason: 'electrum is not an EVM scheme' } as const;
    // The alternate takes v as 27 or 28 only, refusing the 0 or 1 some signers write.
    return verifyPersonalSign(address, message, signature, { v27or28Only: ctx.choices.alternate('evm-v-27-28-only') });
  }
  if (type === 'SOLANA_WALLET') return verifyEd25519Message(address, message, signature);
  // The alternate verifies a TRON_WALLET's TIP-191 signature (the supplement names no Tron scheme).
  if (type === 'TRON_WALLET' && ctx.choices.alternate('tron-wallet-signature')) return verifyTronMessage(address, message, signature);
  if (type === BITCOIN_KEYED) {
    const chosen = scheme ?? 'bip137';
    if (chosen === 'electrum' && ctx.faults.has('electrum-rejected')) return { ok: false, reason: 'electrum signatures are not accepted' } as const;
    // The alternates take high-S signatures, read a Spark address under bip137 with headers 31-34 only, and take testnet addresses.
    const opts = {
      highSAccepted: ctx.choices.alternate('bitcoin-high-s-accepted'),
      sparkP2pkhHeadersOnly: ctx.choices.alternate('spark-bip137-p2pkh-headers'),
      testnet: ctx.choices.alternate('bitcoin-testnet-addresses'),
    };
    const verdict = verifyBitcoinMessage(address, message, signature, chosen, opts);
    if (!verdict.ok && chosen === 'bip137' && ctx.faults.has('bip137-accepts-electrum-header-for-segwit')) {
      return verifyBitcoinMessage(address, message, signature, 'electrum', opts);
    }
    return verdict;
  }
  return { ok: false, reason: `${type} has no wallet-signature scheme in this sandbox` } as const;
}

/** FIRST_PARTY self-custody wallets with a signature scheme, pending or failed verification (supplement section 7). */
function assertEligible(ctx: SandboxContext, a: ExternalAccountRecord, method: 'WALLET_SIGNATURE' | 'LIVENESS') {
  const type = a.accountInfo.accountType;
  const signable = EVM_WALLETS.has(type) || type === 'SOLANA_WALLET' || type === BITCOIN_KEYED || (type === 'TRON_WALLET' && ctx.choices.alternate('tron-wallet-signature'));
  // The faults take a THIRD_PARTY wallet, or a custodial one (vaspName), as eligible whatever its state.
  if (ctx.faults.has('challenge-third-party-eligible') && a.ownershipType === 'THIRD_PARTY' && signable) return;
  if (ctx.faults.has('challenge-custodial-eligible') && a.accountInfo.vaspName && signable) return;
  if (!isSelfCustodyWallet(a.accountInfo) || a.ownershipType !== 'FIRST_PARTY' || (method === 'WALLET_SIGNATURE' && !signable)) {
    throw conflict('CONFLICT', `External account ${a.id} is not a first-party self-custody wallet that can prove ownership by ${method}`);
  }
  if (a.status !== 'PENDING_OWNERSHIP_VERIFICATION' && a.status !== 'UNVERIFIED') {
    throw conflict('CONFLICT', `External account ${a.id} is ${a.status}; ownership verification is not pending`);
  }
}

/** The ownership challenge and verify of one scope's external accounts. */
export async function ownershipRoutes(app: FastifyInstance, { scope }: { scope: Scope }) {
  const { ctx } = app;
  const base = `/${scope}/external-accounts`;

  app.post(`${base}/:externalAccountId/challenge`, async (req, reply) => {
    const { externalAccountId } = parse(Params, req.params);
    const a = getExternalAccount(ctx, externalAccountId, scope);
    const { method } = parse(ChallengeBody, req.body);
    assertEligible(ctx, a, method);
    const expiresAt = ctx.clock.now() + ctx.settings.challengeTtlMs;
    // A new challenge abandons any in-flight one and reopens verification (supplement section 7).
    a.challenge =
      method === 'WALLET_SIGNATURE'
        ? { method, messageToSign: `I verify that I control this wallet. Nonce: ${randomUUID()}`, expiresAt }
        : { method, token: randomUUID(), expiresAt };
    if (!ctx.faults.has('new-challenge-keeps-unverified')) setExternalStatus(ctx, a, 'PENDING_OWNERSHIP_VERIFICATION');
    const body =
      method === 'WALLET_SIGNATURE'
        ? { method, messageToSign: a.challenge.messageToSign, expiresAt: new Date(expiresAt).toISOString() }
        : {
            method,
            verificationLink: `https://sandbox.svc.example/liveness/${a.challenge.token}`,
            // The alternate answers the hosted link alone, without the optional embed token.
            ...(ctx.choices.alternate('liveness-challenge-link-only') ? {} : { token: a.challenge.token }),
            expiresAt: new Date(expiresAt).toISOString(),
          };
    return reply.status(201).send(body);
  });

  app.post(`${base}/:externalAccountId/verify`, async (req) => {
    const { externalAccountId } = parse(Params, req.params);
    if (ctx.faults.has('verify-unknown-account-400') && !externalAccounts(ctx).has(externalAccountId)) {
      throw badRequest('INVALID_INPUT', `Unknown account ${externalAccountId}`);
    }
    const a = getExternalAccount(ctx, externalAccountId, scope);
    const challenge = a.challenge;
    const outstanding = challenge && (challenge.method === 'WALLET_SIGNATURE' || ctx.faults.has('liveness-uses-verify'));
    const noChallenge = () => {
      if (ctx.faults.has('verify-no-challenge-404')) return notFound('REFERENCE_NOT_FOUND', `No challenge for ${a.id}`);
      if (ctx.faults.has('verify-no-challenge-changes-state')) setExternalStatus(ctx, a, 'UNVERIFIED');
      return conflict('CONFLICT', `No WALLET_SIGNATURE challenge is outstanding for ${a.id}`);
    };
    // The alternate checks for an outstanding challenge (409) before the body (400).
    if (!outstanding && ctx.choices.alternate('verify-challenge-before-body')) throw noChallenge();
    const { signature, signatureScheme } = parse(ctx.faults.has('verify-scheme-unchecked') ? VerifyBodyAnyScheme : VerifyBody, req.body);
    if (!outstanding) throw noChallenge();
    if (!ctx.faults.has('challenge-not-consumed')) a.challenge = undefined;
    const expired = ctx.clock.now() >= challenge.expiresAt && !ctx.faults.has('verify-accepts-expired');
    const verdict = expired
      ? ({ ok: false, reason: 'the challenge expired' } as const)
      : ctx.faults.has('verify-accepts-any-signature')
        ? ({ ok: true } as const)
        : verifySignature(ctx, a, challenge.messageToSign ?? '', signature, signatureScheme);
    if (!verdict.ok) {
      if (!ctx.faults.has('verify-invalid-keeps-state')) setExternalStatus(ctx, a, 'UNVERIFIED');
      throw badRequest('INVALID_INPUT', expired ? 'The challenge expired; start a new challenge' : `Invalid signature: ${verdict.reason}; start a new challenge`, {
        reason: expired ? 'CHALLENGE_EXPIRED' : 'SIGNATURE_INVALID',
      });
    }
    const before = presentExternalAccount(a);
    setExternalStatus(ctx, a, 'ACTIVE');
    return ctx.faults.has('verify-200-stale-account') ? before : presentExternalAccount(a);
  });
}

export async function livenessRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // This sandbox's trigger for the hosted liveness check: POST /sandbox/external-accounts/{id}/liveness {outcome}.
  app.post('/sandbox/external-accounts/:externalAccountId/liveness', async (req) => {
    const { externalAccountId } = parse(Params, req.params);
    const { outcome } = parse(LivenessBody, req.body);
    const a = externalAccounts(ctx).get(externalAccountId);
    if (!a) throw notFound('REFERENCE_NOT_FOUND', `External account ${externalAccountId} not found`);
    if (a.challenge?.method !== 'LIVENESS') throw conflict('CONFLICT', `No LIVENESS check is in progress for ${a.id}`);
    a.challenge = undefined;
    const status = outcome === 'PASS' ? 'ACTIVE' : 'UNVERIFIED';
    if (ctx.faults.has('liveness-no-event')) a.status = status;
    else setExternalStatus(ctx, a, status);
    return presentExternalAccount(a);
  });
}

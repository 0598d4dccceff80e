// POST /quotes/{quoteId}/authorize (supplement sections 8 and 16): the SMS code of the quote's SCA
// challenge; a cross-currency send needs two authorizations, each answered with a fresh challenge.
// The customer must be able to authorize (interface, POST /quotes: "authorisation may fail with 409
// SCA_SESSION_REQUIRED or 423 ACCOUNT_LOCKED"; the description, authorizeQuote 423: "when the
// customer's login is temporarily locked"). A realtime-funding quote, once authorized, awaits its funds
// with its paymentInstructions (the description, createQuote 202).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { customers } from '../customers/state.js';
import { ApiError, conflict, invalidInput } from '../http/errors.js';
import { assertCanMoveMoney } from '../internal-accounts/state.js';
import { assertScaSession, SANDBOX_CODE } from '../strong-customer-authentication/state.js';
import { challenge, expire } from './lifecycle.js';
import { debit, setStatus, settle, step } from './payments.js';
import { getQuote, presentQuote, transfersState, type OutgoingTxn, type Quote } from './state.js';

export function authorizeRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const s = transfersState(ctx);
  const f = ctx.faults;
  app.post('/quotes/:quoteId/authorize', async (req) => {
    const q = getQuote(ctx, (req.params as { quoteId: string }).quoteId);
    // Supplement section 8: {code?} or {passkeyAssertion, origin}, endUserIpAddress?; this sandbox's challenges are SMS codes.
    const { code } = parse(z.object({ code: z.string().min(1), ...(f.has('authorize-ip-unchecked') ? {} : { endUserIpAddress: z.string().optional() }) }).passthrough(), req.body);
    const t = s.txns.get(q.transactionId);
    if (q.status !== 'PENDING_AUTHORIZATION' || !q.scaChallenge || !t) throw conflict('CONFLICT', `Quote ${q.id} is ${q.status}; nothing to authorize`);
    // A locked customer (423 ACCOUNT_LOCKED) or one without an SCA session (409 SCA_SESSION_REQUIRED) authorizes
    // nothing; the alternate asks for the session first, which a lock has ended. The fault checks neither;
    // the fault authorize-locked-settles lets the payment proceed, then refuses.
    const refusal = f.has('authorize-lock-unchecked') ? undefined : customerRefusal(q.customerId);
    if (refusal && !f.has('authorize-locked-settles')) throw refusal;
    if (code !== SANDBOX_CODE) throw invalidInput([{ field: 'code', message: 'The code does not match' }]);
    if (refusal) {
      // The fault authorize-locked-settles: every authorization the payment still needs is taken, then the lock refuses.
      while (q.status === 'PENDING_AUTHORIZATION' && q.scaChallenge) authorized(q, t);
      throw refusal;
    }
    return authorized(q, t);
  });

  /** The customer's refusal of an authorization, if any (a platform's own quote has no customer, and needs none). */
  const customerRefusal = (customerId: string): ApiError | undefined => {
    const customer = customers(ctx).get(customerId);
    if (!customer) return undefined;
    try {
      assertScaSession(ctx, customer, { sessionFirst: ctx.choices.alternate('authorize-session-before-lock') });
      return undefined;
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  };

  /** The accepted authorization of the quote's open challenge: the next challenge, or the payment proceeds. */
  const authorized = (q: Quote, t: OutgoingTxn) => {
    // The source must still be able to send ("Frozen and failed accounts cannot send or receive
    // payments"), and, where the debit waited for the authorization (not taken at execute), still hold
    // the amount (other payments may have spent it meanwhile); else the challenge stays open.
    // The alternate accepts an authorization the balance no longer covers: the payment then fails on its way.
    const failsOnItsWay = ctx.choices.alternate('sca-uncovered-fails-later');
    const uncovered = () => q.source !== undefined && !t.charged && q.source.available < q.pricing.totalSending;
    if (q.source && !f.has('sca-authorize-overdraws')) {
      assertCanMoveMoney(ctx, q.source, 'send');
      if (uncovered() && !failsOnItsWay) {
        throw conflict('CONFLICT', `Internal account ${q.source.id} holds ${q.source.available}, less than ${q.pricing.totalSending}`);
      }
    }
    // Supplement 16: each authorize may return a fresh challenge (new id) while still PENDING_AUTHORIZATION.
    q.authorizationsLeft = (q.authorizationsLeft ?? 1) - 1;
    if (q.authorizationsLeft > 0) {
      // The fault takes the amount at the first of two authorizations.
      if (f.has('sca-authorization-debit-kept') && !t.charged) {
        debit(ctx, q, t);
        t.keepsDebit = true;
      }
      challenge(ctx, q, t, q.scaChallenge!.id);
      return presentQuote(q, f);
    }
    q.scaChallenge = undefined;
    if (!q.source) {
      // A realtime-funding quote: authorized, it awaits its funds (PENDING, as any realtime quote) and
      // its paymentInstructions are populated ("Once authorized, the quote's paymentInstructions are
      // populated"; the fault keeps them withheld). Past its expiresAt it has expired instead.
      q.status = 'PENDING';
      if (!f.has('realtime-sca-instructions-never-issued')) q.instructionsWithheld = undefined;
      if (ctx.clock.now() >= q.expiresAt) expire(ctx, q);
      return presentQuote(q, f);
    }
    if (failsOnItsWay && uncovered() && !f.has('sca-authorize-overdraws')) {
      // PROCESSING, then FAILED with QUOTE_EXECUTION_FAILED ("whether or not funds were debited"), nothing debited.
      q.status = 'PROCESSING';
      ctx.later(step(ctx), () => {
        setStatus(ctx, t, 'PROCESSING');
        ctx.later(step(ctx), () => {
          q.status = 'FAILED';
          t.failureReason = 'QUOTE_EXECUTION_FAILED';
          setStatus(ctx, t, 'FAILED');
        });
      });
      return presentQuote(q, f);
    }
    settle(ctx, q, t);
    return presentQuote(q, f);
  };
}

// Interface: POST {base_url}/quotes (immediatelyExecute, lockedCurrencyAmount/Side, sourceType and
// destinationType ACCOUNT, transactionId on the quote); GET /quotes/{quoteId}. Supplement section 8;
// the description, createQuote 202 for a realtime-funding quote awaiting SCA (./lifecycle.ts).
import type { FastifyInstance } from 'fastify';
import { parse } from '../context.js';
import { ApiError } from '../http/errors.js';
import { idempotent } from './idempotency.js';
import { awaitFunds, execute } from './lifecycle.js';
import { newQuote } from './new-quote.js';
import { getQuote, presentQuote, quoteRequest } from './state.js';
import { countingRefusals } from './velocity-refusals.js';

/** POST /quotes: a quote, executed at once with immediatelyExecute. */
export function createQuoteRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const f = ctx.faults;
  const QuoteRequest = quoteRequest(f);
  /**
   * The fault quote-refused-executed: a request with immediatelyExecute that is refused below is executed
   * first, its offending members left out, where what is left is a valid request.
   */
  const executeRefused = (sent: unknown) => {
    if (!sent || typeof sent !== 'object' || (sent as { immediatelyExecute?: unknown }).immediatelyExecute !== true) return;
    const checked = QuoteRequest.safeParse(sent);
    if (checked.success) return;
    const repaired = structuredClone(sent) as Record<string, unknown>;
    for (const issue of checked.error.issues) {
      let at: Record<string, unknown> | undefined = repaired;
      for (const key of issue.path.slice(0, -1)) at = at?.[key as string] as Record<string, unknown> | undefined;
      if (at && issue.path.length) delete at[issue.path[issue.path.length - 1] as string];
    }
    const valid = QuoteRequest.safeParse(repaired);
    if (!valid.success) return;
    try {
      const quote = newQuote(ctx, valid.data);
      if (!quote.walletPayloadToSign) execute(ctx, quote);
    } catch {
      // A request the sandbox would refuse on other grounds: nothing more.
    }
  };

  app.post('/quotes', async (req, reply) =>
    idempotent(ctx, req, reply, () => countingRefusals(ctx, req.body, async () => {
      if (f.has('quote-refused-executed')) executeRefused(req.body);
      const body = parse(QuoteRequest, req.body);
      const quote = newQuote(ctx, body);
      // An embedded wallet signs the quote's own payloadToSign (supplement 10), which does not exist before the quote: this sandbox answers an immediatelyExecute from one 401 WALLET_SIGNATURE_MISSING, the quote left PENDING.
      if (body.immediatelyExecute && quote.walletPayloadToSign && !f.has('wallet-quote-execute-unsigned') && !f.has('wallet-immediate-execute-accepted')) {
        throw new ApiError(401, 'WALLET_SIGNATURE_MISSING', `Quote ${quote.id} is from an embedded wallet: execute it with Svc-Wallet-Signature over its payloadToSign`);
      }
      if (body.immediatelyExecute && quote.source) execute(ctx, quote);
      // The description, createQuote: 202 "Quote created but awaiting Strong Customer Authentication"
      // for a realtime-funding quote of a customer whose provider requires SCA; else 201.
      const awaitingSca = !quote.source && awaitFunds(ctx, quote);
      return { status: awaitingSca ? 202 : 201, body: presentQuote(quote, f) };
    })),
  );
}

/** GET /quotes/{quoteId}. */
export function readQuoteRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const f = ctx.faults;
  app.get('/quotes/:quoteId', async (req) => presentQuote(getQuote(ctx, (req.params as { quoteId: string }).quoteId), f));
}

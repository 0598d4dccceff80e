// Interface: POST {base_url}/quotes (immediatelyExecute, lockedCurrencyAmount/Side, sourceType and
// destinationType ACCOUNT, platformFeeOverride needs a USD source, transactionId on the quote,
// END_USER_TERMS_NOT_ACCEPTED); Transaction (as seen in outgoing-payment events); Failure reasons;
// Limits (TRANSACTION_SIZE_LIMIT_EXCEEDED 400, DAILY_VOLUME_LIMIT_EXCEEDED 429);
// EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED; frozen accounts cannot send or receive.
// Supplement section 8 for paths, shapes, the lifecycle and the magic destination suffixes.
// The area's plugin: the routes of each concern, registered in this order. The store and presenters
// are in ./state.ts, a payment's lifecycle in ./lifecycle.ts and ./payments.ts, a quote's rules in
// ./new-quote.ts.
import type { FastifyInstance } from 'fastify';
import { authorizeRoute } from './authorize.js';
import { cancellation } from './cancel.js';
import { executeRoute } from './execute.js';
import { createQuoteRoute, readQuoteRoute } from './quotes.js';
import { realtimeFundingRoute } from './realtime-funding.js';
import { transferInRoute } from './transfer-in.js';
import { transferOutRoute } from './transfer-out.js';
import { withdrawalFeeRoute } from './withdrawal-fee.js';

export async function transferRoutes(app: FastifyInstance) {
  createQuoteRoute(app);
  // Deprecated same-currency transfers (interface: "request and response shapes unchanged; a
  // transaction is returned"; supplement section 8 for the bodies).
  transferOutRoute(app);
  transferInRoute(app);
  cancellation(app);
  readQuoteRoute(app);
  realtimeFundingRoute(app);
  authorizeRoute(app);
  executeRoute(app);
  withdrawalFeeRoute(app);
}

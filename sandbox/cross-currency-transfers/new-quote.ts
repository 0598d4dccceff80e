// A quote from its request: the source, the destination (an account, or an UMA address with or
// without a lookup), the pricing, and every rule of POST /quotes in order (interface: quotes,
// END_USER_TERMS_NOT_ACCEPTED, Limits, EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED, frozen accounts;
// supplement sections 8 and 18). The quote is stored, not executed.
import { randomUUID } from 'node:crypto';
import { isoNow } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { STABLECOINS } from '../currencies.js';
import { getCustomer } from '../customers/state.js';
import { ApiError, badRequest, conflict, invalidInput, notFound } from '../http/errors.js';
import { quotePayloadToSign } from '../embedded-wallet-auth/state.js';
import { externalAccounts, primaryIdentifier } from '../external-accounts/state.js';
import { assertCanMoveMoney, getInternalAccount, internalAccounts, type InternalAccountRecord } from '../internal-accounts/state.js';
import { price, rateSupported, usdCents } from '../exchange-rates/state.js';
import { assertScaSession } from '../strong-customer-authentication/state.js';
import { umaSender } from './uma/state.js';
import { assertCounterpartyAllowed, assertReadyForRamp, assertVelocity, recordVelocity } from './gates.js';
import { assertDailyVolume } from './payments.js';
import { LIMITS, platformPartyId, transfersState, type Destination, type Quote, type QuoteRequestBody } from './state.js';

const QUOTE_TTL_MS = 5 * 60_000;
/** An account-funded quote's lifetime in the alternate `account-quote-one-minute` (supplement 8: "instant rails ~1–5 min"). */
const SHORT_QUOTE_TTL_MS = 60_000;

export function resolveDestination(ctx: SandboxContext, accountId: string, sourceCustomer: string): Quote['destination'] {
  const external = externalAccounts(ctx).get(accountId);
  if (external && (external.customerId === null || external.customerId === sourceCustomer)) return { kind: 'external', account: external };
  const internal = internalAccounts(ctx).get(accountId);
  if (internal) return { kind: 'internal', account: internal };
  throw notFound('REFERENCE_NOT_FOUND', `Destination account ${accountId} not found`);
}

/**
 * UMA destinations: a malformed address is 400 INVALID_UMA_ADDRESS; a well-formed one with no
 * receiver is 404 UMA_NOT_FOUND. The supplement's sandbox receivers: $success.<ccy>,
 * $pending.long.<ccy>, $fail.compliance.<ccy> @sandbox.uma.money (ccy usd, eur, mxn).
 */
export function resolveUma(ctx: SandboxContext, umaAddress: string, currency?: string): Destination {
  const f = ctx.faults;
  const m = /^\$([a-z0-9._-]+)@([a-z0-9-]+(\.[a-z0-9-]+)+)$/i.exec(umaAddress);
  if (!m) throw badRequest('INVALID_UMA_ADDRESS', `${umaAddress} is not an UMA address ($user@domain)`);
  const known = m[2].toLowerCase() === 'sandbox.uma.money' ? /^(success|pending\.long|fail\.compliance)\.(usd|eur|mxn)$/.exec(m[1].toLowerCase()) : null;
  if (!known) throw f.has('uma-unknown-400') ? badRequest('INVALID_UMA_ADDRESS', `No receiver at ${umaAddress}`) : notFound('UMA_NOT_FOUND', `No receiver answers at ${umaAddress}`);
  const behavior = known[1] === 'success' ? 'success' : known[1] === 'pending.long' ? 'pending' : 'compliance';
  return { kind: 'uma', umaAddress, currency: currency ?? known[2].toUpperCase(), behavior };
}

/**
 * Supplement §18: a quote to an UMA address with a lookupId runs the pay-request leg with the
 * receiver's counterparty (sandbox/cross-currency-transfers/uma); without one (the fault
 * uma-quote-without-lookup-accepted only), the supplement's sandbox receivers are known.
 */
export function umaDestination(ctx: SandboxContext, d: { umaAddress: string; currency?: string }, lookupId: string | undefined, amount: number, payer?: Record<string, unknown>): Destination {
  const sender = umaSender(ctx);
  if (!lookupId) return resolveUma(ctx, d.umaAddress, d.currency);
  // Before the counterparties are ready no lookup has been answered, so no lookup id is known yet.
  if (!sender) throw notFound('LOOKUP_REQUEST_NOT_FOUND', `No lookup ${lookupId}`);
  const { currency, range } = sender.payRequest(lookupId, d.umaAddress, amount, d.currency, payer);
  const known = /@sandbox\.uma\.money$/i.test(d.umaAddress) ? resolveUma(ctx, d.umaAddress, currency) : undefined;
  const found: Destination = known ?? { kind: 'uma', umaAddress: d.umaAddress, currency, behavior: 'success' };
  return found.kind === 'uma' && range ? { ...found, range } : found;
}

/** Prices and checks a quote request (every rule of POST /quotes); the quote is stored, not executed. */
export function newQuote(ctx: SandboxContext, body: QuoteRequestBody): Quote {
  const s = transfersState(ctx);
  const f = ctx.faults;
  const currencyOf = body.source.sourceType === 'REALTIME_FUNDING' ? body.source.currency : body.destination.destinationType === 'UMA_ADDRESS' ? body.destination.currency : undefined;
  if (currencyOf !== undefined && !rateSupported(currencyOf)) throw badRequest('INVALID_CURRENCY', `Currency ${currencyOf} is not supported`);
  if (!Number.isInteger(body.lockedCurrencyAmount) || body.lockedCurrencyAmount <= 0) {
    throw badRequest('INVALID_AMOUNT', 'lockedCurrencyAmount must be a positive integer in the smallest unit of the locked currency', {
      errors: [{ field: 'lockedCurrencyAmount', message: 'a positive integer' }],
    });
  }
  let source: InternalAccountRecord | undefined;
  let customerId: string;
  if (body.source.sourceType === 'ACCOUNT') {
    source = getInternalAccount(ctx, body.source.accountId);
    if (!source.customerId) throw invalidInput([{ field: 'source.accountId', message: 'a customer internal account' }]);
    customerId = source.customerId;
  } else {
    const problems = [
      // openapi.yaml, RealtimeFundingQuoteSource.customerId: without it the quote is "created on behalf of
      // the platform itself" (the fault refuses it, as if a customer were required).
      ...(body.source.customerId || !f.has('quote-realtime-platform-refused') ? [] : [{ field: 'source.customerId', message: 'a realtime quote of a customer' }]),
      // openapi.yaml, RealtimeFundingQuoteSource.cryptoNetwork: "Required when currency is a stablecoin (e.g. USDC, USDT)".
      ...(STABLECOINS.has(body.source.currency) && body.source.cryptoNetwork === undefined && !f.has('quote-realtime-network-optional') ? [{ field: 'source.cryptoNetwork', message: `required when currency is a stablecoin (${body.source.currency})` }] : []),
      ...(body.immediatelyExecute && !f.has('quote-realtime-execute-ignored') ? [{ field: 'immediatelyExecute', message: 'immediatelyExecute needs an internal-account source' }] : []),
    ];
    if (problems.length) throw invalidInput(problems);
    customerId = body.source.customerId ?? platformPartyId(ctx);
  }
  // openapi.yaml, QuoteRequest.lookupId: "This is required for UMA destinations due to counterparty
  // institution requirements" (the fault quotes this sandbox's own receivers without one).
  if (body.destination.destinationType === 'UMA_ADDRESS' && body.lookupId === undefined && !f.has('uma-quote-without-lookup-accepted')) {
    throw invalidInput([{ field: 'lookupId', message: 'required for UMA destinations: the id of a receiver lookup of the address (GET /receiver/uma/{receiverUmaAddress})' }]);
  }
  // A quote on the platform's own behalf has no customer: no end-user terms, SCA or KYC apply to it.
  const customer = body.source.sourceType === 'REALTIME_FUNDING' && body.source.customerId === undefined ? undefined : getCustomer(ctx, customerId);
  const sending = source?.currency ?? (body.source.sourceType === 'REALTIME_FUNDING' ? body.source.currency : '');
  // Terms on file, then the SCA session; the alternate asks for the SCA session first.
  const scaFirst = ctx.choices.alternate('quote-sca-before-terms');
  if (customer && scaFirst) assertScaSession(ctx, customer);
  if (customer && !customer.fields.endUserTermsConsent && !f.has('terms-not-required')) {
    throw new ApiError(403, 'END_USER_TERMS_NOT_ACCEPTED', `Customer ${customer.id} has not accepted the end-user terms`);
  }
  if (customer && !scaFirst) assertScaSession(ctx, customer);
  if (body.destination.destinationType === 'ACCOUNT' && body.destination.accountId === source?.id && !f.has('self-payment-accepted')) {
    throw badRequest('SELF_PAYMENT', 'The destination is the source account');
  }
  const destination = body.destination.destinationType === 'ACCOUNT' ? resolveDestination(ctx, body.destination.accountId, customerId) : umaDestination(ctx, body.destination, body.lookupId, body.lockedCurrencyAmount, body.senderCustomerInfo);
  const receiving = destination.kind === 'uma' ? destination.currency : destination.account.currency;
  if (!rateSupported(sending) || !rateSupported(receiving)) throw badRequest('INVALID_CURRENCY', `No corridor from ${sending} to ${receiving}`);
  if (customer) assertReadyForRamp(ctx, customer, sending, receiving);
  assertCounterpartyAllowed(ctx, destination.kind === 'external' ? primaryIdentifier(destination.account.accountInfo) : undefined);
  if (source && !f.has('frozen-account-sends')) assertCanMoveMoney(ctx, source, 'send');
  if (destination.kind === 'internal') assertCanMoveMoney(ctx, destination.account, 'receive');
  if (body.platformFeeOverride && sending !== 'USD' && !f.has('fee-override-non-usd-accepted')) {
    throw invalidInput([{ field: 'platformFeeOverride', message: 'a platform fee override requires a USD source currency' }]);
  }
  const configured = ctx.config.feeConfigs.find((c) => c.sourceCurrency === sending);
  const platform = body.platformFeeOverride
    ? { fixed: body.platformFeeOverride.platformFixedFee.amount, bps: body.platformFeeOverride.platformVariableFeeBps }
    : configured ? { fixed: configured.fixedFee.amount, bps: configured.variableFeeBps } : undefined;
  const pricing = price(ctx, sending, receiving, body.lockedCurrencySide, body.lockedCurrencyAmount, platform);
  if (pricing.totalReceiving <= 0 || pricing.totalSending <= 0) throw badRequest('AMOUNT_OUT_OF_RANGE', 'The amount does not cover the fees of this corridor');
  // The description, CurrencyPreference: the receiver takes between min and max of the currency (the lookup's
  // supportedCurrencies); the fault quotes outside them.
  if (destination.kind === 'uma' && destination.range && !f.has('uma-receiver-range-unchecked') && (pricing.totalReceiving < destination.range.min || pricing.totalReceiving > destination.range.max)) {
    throw badRequest('AMOUNT_OUT_OF_RANGE', `${destination.umaAddress} receives between ${destination.range.min} and ${destination.range.max} of ${receiving}; the quote would deliver ${pricing.totalReceiving}`);
  }
  const usd = usdCents(sending, pricing.totalSending);
  if (usd > LIMITS.singleTransactionUsdCents) {
    throw f.has('size-limit-wrong-status')
      ? new ApiError(429, 'DAILY_VOLUME_LIMIT_EXCEEDED', 'limit')
      : badRequest('TRANSACTION_SIZE_LIMIT_EXCEEDED', `The amount exceeds the maximum single transaction of ${LIMITS.singleTransactionUsdCents} US cents for this corridor`);
  }
  // The daily volume and the velocity are a customer's (sandbox/README.md): a platform's own quote counts
  // toward neither; the alternate gives the platform a daily volume and a velocity of its own.
  const limited = customer !== undefined || ctx.choices.alternate('platform-own-limits');
  // The description, createQuote: 429 "when `immediatelyExecute` is set and the requested amount would
  // exceed the configured daily volume limit"; a quote executed later is judged at its execution
  // (lifecycle.ts ready). The fault refuses a quote made to be executed later too.
  const counted = limited && (body.immediatelyExecute === true || f.has('quote-daily-volume-without-execute'));
  assertDailyVolume(ctx, counted ? customerId : undefined, usd);
  if (limited) assertVelocity(ctx, customerId);
  if (destination.kind === 'external') {
    const dest = destination.account;
    if (dest.status !== 'ACTIVE' && !(dest.status === 'PENDING_OWNERSHIP_VERIFICATION' || dest.status === 'UNVERIFIED')) {
      throw conflict('CONFLICT', `Destination ${dest.id} is ${dest.status}`);
    }
    if (dest.status !== 'ACTIVE' && usd > LIMITS.unverifiedWalletUsdCents && !f.has('unverified-wallet-any-amount')) {
      throw badRequest('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', `Destination ${dest.id} must complete ownership verification for transfers above the regulatory threshold`);
    }
  }
  const quote: Quote = {
    id: `Quote:${randomUUID()}`,
    status: 'PENDING',
    createdAt: isoNow(ctx.clock),
    // An account-funded quote lives five minutes; the alternate gives it one.
    expiresAt: ctx.clock.now() + (source ? (ctx.choices.alternate('account-quote-one-minute') ? SHORT_QUOTE_TTL_MS : QUOTE_TTL_MS) : ctx.settings.realtimeQuoteTtlMs),
    request: body,
    source,
    destination,
    sending,
    receiving,
    pricing,
    transactionId: `Transaction:${randomUUID()}`,
    customerId,
    ...(customer ? {} : { onBehalfOfPlatform: true }),
  };
  if (source?.type === 'EMBEDDED_WALLET') quote.walletPayloadToSign = quotePayloadToSign(ctx, source.id, quote.id, pricing.totalSending, quote.sending, ctx.clock.now());
  s.quotes.set(quote.id, quote);
  if (limited) recordVelocity(ctx, customerId);
  return quote;
}


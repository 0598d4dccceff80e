// Interface: Errors / 400: LOOKUP_REQUEST_FAILED, PARSE_LNURLP_RESPONSE_ERROR, MISSING_REQUIRED_UMA_PARAMETERS,
// SENDER_NOT_ACCEPTED, CERT_CHAIN_EXPIRED, CERT_CHAIN_INVALID, INVALID_PUBKEY_FORMAT, INVALID_TIMESTAMP,
// INVALID_NONCE, INVALID_RECEIVER, QUOTE_REQUEST_FAILED (retryable), PARSE_PAYREQ_RESPONSE_ERROR,
// INVALID_PAYREQ_RESPONSE, INVALID_REQUEST_FORMAT; supplement 1 and 18: the UMA counterparty failures
// 412 UNSUPPORTED_UMA_VERSION, 424 LNURLP_REQUEST_FAILED, COUNTERPARTY_PUBKEY_FETCH_ERROR,
// NO_COMPATIBLE_UMA_VERSION, PAYREQ_REQUEST_FAILED (each status as the catalog files it). Which operation answers each, and which receiver makes
// a target answer it, no document states (supplement 18, 28): the target declares a receiver address per
// code and the leg that refuses it (SVC_UMA_LOOKUP_TRIGGERS, SVC_UMA_QUOTE_TRIGGERS); a code it declares
// no address for is skipped with that reason. basis: supplement (section 18) for the lookup and quote legs.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { requireVelocityFor, sender } from '../../helpers/flows/transfers.js';
import { lookup, lookupUma, SUCCESS_RECEIVER, umaQuoteBody } from '../../helpers/flows/uma.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { Quote } from '../../helpers/schemas/index.js';
import { ERRORS } from '../../helpers/spec/catalog.js';
import { connectAgent, customerWithMoney, ME_QUOTES } from '../../helpers/flows/agents.js';

/** Codes a counterparty's misbehaviour causes on the lookup leg (supplement 18: "lookup or quote"). */
const LOOKUP_CODES = [
  'LOOKUP_REQUEST_FAILED',
  'PARSE_LNURLP_RESPONSE_ERROR',
  'MISSING_REQUIRED_UMA_PARAMETERS',
  'SENDER_NOT_ACCEPTED',
  'CERT_CHAIN_EXPIRED',
  'CERT_CHAIN_INVALID',
  'INVALID_PUBKEY_FORMAT',
  'INVALID_TIMESTAMP',
  'INVALID_RECEIVER',
  'LNURLP_REQUEST_FAILED',
  'COUNTERPARTY_PUBKEY_FETCH_ERROR',
  'UNSUPPORTED_UMA_VERSION',
  'NO_COMPATIBLE_UMA_VERSION',
] as const;
/** Codes of the pay-request leg: the lookup succeeds, the quote with its id is refused. */
const QUOTE_CODES = ['QUOTE_REQUEST_FAILED', 'PARSE_PAYREQ_RESPONSE_ERROR', 'INVALID_PAYREQ_RESPONSE', 'INVALID_REQUEST_FORMAT', 'PAYREQ_REQUEST_FAILED', 'INVALID_TIMESTAMP', 'UNSUPPORTED_UMA_VERSION'] as const;
/** The codes supplement 18 files under the lookup leg's failures (lookup failed / unparsable, counterparty keys, counterparty rejects). */
const LOOKUP_LEG_CODES: readonly string[] = LOOKUP_CODES;

/** The HTTP status of a code: the interface's lists (400) or the supplement's (412, 424), as the catalog files them. */
const statusOf = (code: string) => {
  const entry = ERRORS.find((e) => e.code === code);
  if (!entry) throw new Error(`${code} is not in the catalog`);
  return entry.status;
};

const undeclared = (code: string, leg: string) => `the target declares no receiver address whose ${leg} answers ${code} (supplement 28: none is documented)`;

describe('GET /receiver/uma/{receiverUmaAddress}: a counterparty that misbehaves', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'GET /receiver/uma/{receiverUmaAddress}', section: 'Errors', basis: 'supplement' });

  it.concurrent.for(LOOKUP_CODES)('answers %s, and a well-behaved receiver is looked up', async (code, ctx) => {
    const address = capabilities.umaLookupTriggers[code];
    const status = statusOf(code);
    requireCapability(ctx, address !== undefined && capabilities.sandboxTriggers, undeclared(code, 'lookup'), [`error:${status}:${code}`]);
    await basisSupplement(`${code} on the lookup leg (sections 1, 18, 28: the target declares the address)`);
    await lookup(SUCCESS_RECEIVER()); // control
    expectError(await lookupUma(address!), status, code, `Errors / ${status}: ${code}`);
  });

  it.concurrent('answers 400 INVALID_NONCE when the counterparty signs with a nonce it used before', async (ctx) => {
    const code = 'INVALID_NONCE';
    const address = capabilities.umaLookupTriggers[code];
    requireCapability(ctx, address !== undefined && capabilities.sandboxTriggers, undeclared(code, 'lookup'), [`error:400:${code}`]);
    await basisSupplement('INVALID_NONCE on the lookup leg (section 18, 28)');
    await lookup(SUCCESS_RECEIVER()); // control
    // The first answer of a nonce-reusing counterparty may be accepted (its nonce is new to the target); the next one is a replay.
    const first = await lookupUma(address!);
    if (first.status !== 200) expectError(first, 400, code, `Errors / 400: ${code}`);
    expectError(await lookupUma(address!), 400, code, `Errors / 400: ${code} (the nonce was seen before)`);
  });

  it.concurrent('refuses a lookup whose compliance answer is not signed by the counterparty\'s published key', async (ctx) => {
    const trigger = capabilities.umaLookupSignatureTrigger;
    requireCapability(
      ctx,
      trigger !== undefined && capabilities.sandboxTriggers,
      'the target declares no receiver address whose counterparty signs its lnurlp answer with another key (supplement 28: none is documented)',
      trigger ? [`error:${statusOf(trigger.code)}:${trigger.code}`] : [],
    );
    await basisSupplement('a lookup leg whose signed compliance answer does not verify fails (section 18: lookup leg failed; section 28: the target declares the address and the code)');
    // Supplement 18 names no code for a bad lookup signature: the code is the target's declaration, one of the lookup leg's codes.
    expect(LOOKUP_LEG_CODES, `the declared code ${trigger!.code} is one supplement 18 files under the lookup leg`).toContain(trigger!.code);
    noteInterface(
      'uma-lookup-signature-code',
      ['Supplement 18: LOOKUP_REQUEST_FAILED, PARSE_LNURLP_RESPONSE_ERROR (400) | lookup | lookup leg failed/unparsable', 'No sandbox UMA addresses that force these codes are given.'],
      `no code is named for a lnurlp answer whose compliance signature does not verify; the target declares ${trigger!.code}`,
    );
    await lookup(SUCCESS_RECEIVER()); // control: a receiver whose counterparty signs with its published key
    const status = statusOf(trigger!.code);
    expectError(await lookupUma(trigger!.address), status, trigger!.code, `Errors / ${status}: ${trigger!.code} (the compliance signature does not verify)`);
  });
});

describe('POST /quotes: a counterparty that misbehaves on the pay request', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /quotes', section: 'Errors', basis: 'supplement' });

  it.concurrent.for(QUOTE_CODES)('answers %s after a good lookup, and quotes a well-behaved receiver', async (code, ctx) => {
    const address = capabilities.umaQuoteTriggers[code];
    const status = statusOf(code);
    requireCapability(ctx, address !== undefined && capabilities.sandboxTriggers, undeclared(code, 'quote'), [`error:${status}:${code}`]);
    await basisSupplement(`${code} on the pay-request leg of POST /quotes (section 18, 28: the target declares the address)`);
    const { accounts } = await sender({ USD: 100_000 });
    const control = await lookup(SUCCESS_RECEIVER());
    expectStatus(await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), control) }), 201, Quote); // control
    const found = await lookup(address!);
    expect(found.receiverUmaAddress).toBe(address);
    const res = await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, address!, found) });
    expectError(res, status, code, `Errors / ${status}: ${code}`);
  });

  it.concurrent('answers 400 INVALID_NONCE when the counterparty signs its pay-request answer with a nonce it used before', async (ctx) => {
    const code = 'INVALID_NONCE';
    const address = capabilities.umaQuoteTriggers[code];
    requireCapability(ctx, address !== undefined && capabilities.sandboxTriggers, undeclared(code, 'quote'), [`error:400:${code}`]);
    // Three quotes of one customer: the control, the first pay request and its replay.
    requireVelocityFor(ctx, 3, [`error:400:${code}`]);
    await basisSupplement('INVALID_NONCE on the pay-request leg of POST /quotes (section 18: lookup or quote; 28)');
    const { accounts } = await sender({ USD: 100_000 });
    const control = await lookup(SUCCESS_RECEIVER());
    expectStatus(await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, SUCCESS_RECEIVER(), control) }), 201, Quote); // control
    // The first pay-request answer's nonce is new to the target and may pass; the next one replays it.
    const first = await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, address!, await lookup(address!)) });
    if (first.status !== 201) expectError(first, 400, code, `Errors / 400: ${code}`);
    const res = await api.post('/quotes', { body: umaQuoteBody(accounts.USD.id, address!, await lookup(address!)) });
    expectError(res, 400, code, `Errors / 400: ${code} (the nonce was seen before)`);
  });
});

describe('POST /agents/me/quotes: a counterparty that misbehaves on the pay request', () => {
  scenario({ area: 'Agent Operations', operation: 'POST /agents/me/quotes', section: 'Errors', basis: 'supplement' });

  // Supplement 18: the pay-request leg's codes are "POST /quotes, /agents/me/quotes"; supplement 23: the
  // agent's quote takes the body of POST /quotes. The agent's customer is the sender, looked up by its customerId.
  it.concurrent.for(QUOTE_CODES)('answers %s to the agent after a good lookup, and quotes a well-behaved receiver', async (code, ctx) => {
    const address = capabilities.umaQuoteTriggers[code];
    const status = statusOf(code);
    requireCapability(ctx, address !== undefined && capabilities.sandboxTriggers, undeclared(code, 'quote'), [`response:POST /agents/me/quotes ${status}`]);
    await basisSupplement(`${code} on the pay-request leg of POST /agents/me/quotes (sections 18, 23, 28: the target declares the address)`);
    const { customerId, usd } = await customerWithMoney(100_000);
    const { client } = await connectAgent(customerId);
    const control = await lookup(SUCCESS_RECEIVER(), { customerId });
    expectStatus(await client.post(ME_QUOTES, { body: umaQuoteBody(usd.id, SUCCESS_RECEIVER(), control) }), 201, Quote, 'control: the agent quotes a well-behaved receiver');
    const found = await lookup(address!, { customerId });
    expectError(await client.post(ME_QUOTES, { body: umaQuoteBody(usd.id, address!, found) }), status, code, `Supplement 18: ${code} (${status}) on the pay-request leg of /agents/me/quotes`);
  });
});

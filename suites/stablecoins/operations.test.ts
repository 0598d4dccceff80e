// Interface: functional area Stablecoins ("create direct mint and burn operations, track operation
// status"); Endpoints: /stablecoins/{stablecoinId}/mints, /burns, /operations ("track operations
// through settlement"). basis: supplement (sections 11 and 22): mint {amount*: digit string,
// fundingSource*, destination*{accountId*}}, burn {amount*, source*, destination*{type*:
// EXTERNAL_ACCOUNT, externalAccountId*, rail*}} -> 201 operation; "amount must equal whole fiat cents
// at the token's decimals"; mint funding WIRE ("returns instructions, waits for funds"),
// ACH_DEBIT/SAME_DAY_ACH_DEBIT {externalAccountId*}, reserved SVC_INTERNAL_ACCOUNT {accountId*} and
// PROVIDER_INTERNAL_BALANCE {sourceTokenIdentifier*, cryptoNetwork*}; mint destination an active SPARK
// wallet ExternalAccount or an InternalAccount; burn source EXTERNAL_ACCOUNT ("instructions name a
// deposit address") or PROVIDER_INTERNAL_BALANCE. Operation states, path inferred: CREATED ->
// PENDING_FUNDING (external) or PENDING_PROVIDER -> PROCESSING -> COMPLETED | FAILED; PENDING_FUNDING
// -> EXPIRED. GET /stablecoins/{id}/operations (operationType?, newest first), GET
// /stablecoin-operations/{id}. No events (section 27). Funds arriving and the provider deciding are
// the target's declared triggers (section 28.1); whether an ACH debit waits for funds or for the
// provider is not stated, so either is accepted and noted; so is whether the 201 answer shows CREATED
// or the state the operation already waits in.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectError, expectRefusal, expectSchema, expectStatus, expectTransition, noteInterface } from '../../helpers/expect.js';
import { accountIn, activeAccount, createCustomer, fund } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import {
  BURNS,
  MINTS,
  OPERATION,
  OPERATIONS,
  advance,
  getOperation,
  linkedToken,
  needStablecoins,
  newKey,
  platformBankAccount,
  post,
  sparkWallet,
  step,
  tokenAmount,
} from '../../helpers/flows/stablecoins.js';
import { api, capabilities } from '../../helpers/harness.js';
import { basisSupplement, judgedPartly, requireCapability, scenario } from '../../helpers/scenario.js';
import { StablecoinOperation, type Stablecoin } from '../../helpers/schemas/stablecoins.js';
import { ids } from '../../helpers/spec/catalog.js';
import { InternalAccount } from '../../helpers/schemas/index.js';
import { z } from 'zod';

type Op = StablecoinOperation;
const mint = (coin: Stablecoin, body: Record<string, unknown>, key?: string | null) => post(MINTS, body, { params: { stablecoinId: coin.id }, key });
const burn = (coin: Stablecoin, body: Record<string, unknown>, key?: string | null) => post(BURNS, body, { params: { stablecoinId: coin.id }, key });
const listOps = (coin: Stablecoin, operationType?: string) => walkPages(OPERATIONS, StablecoinOperation, { params: { stablecoinId: coin.id }, query: { operationType }, limit: 100 });

/** An ACTIVE internal account of the platform (supplement 6: GET /platform/internal-accounts answers {data}). */
async function platformInternalAccount(): Promise<InternalAccount> {
  const { data } = expectStatus(await api.get('/platform/internal-accounts'), 200, z.looseObject({ data: z.array(InternalAccount) }));
  const account = data.find((a) => a.status === 'ACTIVE');
  expect(account, 'the platform has an ACTIVE internal account').toBeDefined();
  return account!;
}

/** Supplement 22: the instructions a WIRE-funded mint returns name rail, network, address and valueType (the description leaves each optional). */
const WireInstructions = z.looseObject({ rail: z.string().min(1), network: z.string().min(1), address: z.string().min(1), valueType: z.string().min(1) });

/** The 201 operation as created: CREATED, or already in the state it waits in. */
function created(res: Awaited<ReturnType<typeof post>>, type: 'MINT' | 'BURN', coin: Stablecoin, amount: string): Op {
  const op = expectStatus(res, 201, StablecoinOperation, `Supplement 22: POST /stablecoins/{id}/${type === 'MINT' ? 'mints' : 'burns'} answers 201 operation ${type}`);
  expect(op, `Supplement 22: a ${type} of this token, of the amount sent (a digit string, exactly)`).toMatchObject({ operationType: type, stablecoinId: coin.id, amount, stablecoinProviderAccountId: coin.stablecoinProviderAccountId, provider: coin.provider });
  return op;
}

/**
 * From the answer to the state the operation waits in (`waits`: one state, or either where the
 * documents do not say), recording CREATED -> waits where the answer showed CREATED.
 */
async function waiting(op: Op, waits: readonly ('PENDING_FUNDING' | 'PENDING_PROVIDER')[]): Promise<Op> {
  expect(['CREATED', ...waits], `Supplement 22: a new operation is CREATED or waits (${waits.join(' or ')}); it is ${op.status}`).toContain(op.status);
  const now = await getOperation(op.id);
  expect(waits, `Supplement 22 (path inferred): the operation waits in ${waits.join(' or ')}; it is ${now.status}`).toContain(now.status);
  if (op.status === 'CREATED') expectTransition('stablecoin-operation', op.status, now.status, 'CREATED', now.status);
  noteInterface('stablecoin-operation-created-answer', ['Supplement 22: operation states CREATED, PENDING_FUNDING, PENDING_PROVIDER, ...; path (inferred) CREATED -> PENDING_FUNDING or PENDING_PROVIDER', 'Whether the 201 answer shows CREATED or the state the operation waits in is not stated'], `201 ${op.status}`);
  return now;
}

/** PENDING_* -> PROCESSING -> outcome, each step read back and recorded. */
async function settle(op: Op, outcome: 'COMPLETED' | 'FAILED' = 'COMPLETED'): Promise<Op> {
  const processing = await step(op, op.status, 'PROCESSING', () => advance(op.id));
  return step(processing, 'PROCESSING', outcome, () => advance(op.id, outcome));
}

describe('POST /stablecoins/{stablecoinId}/mints', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins/{stablecoinId}/mints', section: 'Endpoints', basis: 'supplement' });

  it('funded by WIRE: returns funding instructions and waits for funds, CREATED -> PENDING_FUNDING -> PROCESSING -> COMPLETED, to an active SPARK wallet', async (ctx) => {
    needStablecoins(ctx, [ids.transition('stablecoin-operation', 'CREATED', 'PENDING_FUNDING'), ids.transition('stablecoin-operation', 'PENDING_FUNDING', 'PROCESSING'), ids.transition('stablecoin-operation', 'PROCESSING', 'COMPLETED')]);
    await basisSupplement('mint funding WIRE returns instructions and waits for funds; states and inferred path (section 22)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const amount = tokenAmount(coin, 250_075);
    const op = created(await mint(coin, { amount, fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id }, description: 'treasury top-up' }), 'MINT', coin, amount);
    expect(op.fundingInstructions, 'Supplement 22: WIRE "returns instructions" {rail, network, address, valueType, …}').toBeDefined();
    expectSchema(WireInstructions, op.fundingInstructions, 'Supplement 22: WIRE "returns instructions" {rail, network, address, valueType, …}');
    if (op.destination) expect(op.destination.accountId, 'Supplement 22: destination (optional) {accountId*}: the wallet sent').toBe(wallet.id);
    expect(op.expiresAt, 'Supplement 22: an externally funded operation waits for funds until expiresAt').toBeDefined();
    const pending = await waiting(op, ['PENDING_FUNDING']);
    if (op.status !== 'CREATED') judgedPartly(`the target answered the new operation already ${op.status} (allowed: the documents do not say the 201 shows CREATED), so CREATED -> PENDING_FUNDING was not judged`);
    const done = await settle(pending);
    expect(done.amount, 'the amount is unchanged through settlement').toBe(amount);
    expect((await getOperation(op.id)).description).toBe('treasury top-up');
  });

  for (const type of ['ACH_DEBIT', 'SAME_DAY_ACH_DEBIT'] as const) {
    it(`funded by ${type} from a bank account, to an internal account: settles to COMPLETED`, async (ctx) => {
      needStablecoins(ctx, [ids.transition('stablecoin-operation', 'PROCESSING', 'COMPLETED')]);
      await basisSupplement(`mint funding ${type} {externalAccountId*}, destination InternalAccount (section 22)`);
      const { coin } = await linkedToken();
      const bank = await platformBankAccount();
      const account = await platformInternalAccount();
      const amount = tokenAmount(coin, 10_001);
      const op = created(await mint(coin, { amount, fundingSource: { type, externalAccountId: bank.id }, destination: { accountId: account.id } }), 'MINT', coin, amount);
      if (op.source) expect(op.source, `Supplement 22: the operation's source (optional) is the ${type} funding`).toMatchObject({ type, externalAccountId: bank.id });
      const pending = await waiting(op, ['PENDING_FUNDING', 'PENDING_PROVIDER']);
      noteInterface('stablecoin-ach-debit-wait', ['Supplement 22: CREATED -> PENDING_FUNDING (external) or PENDING_PROVIDER (inferred)', 'Whether an ACH debit waits for funds or for the provider is not stated'], `${type}: ${pending.status}`);
      await settle(pending);
    });
  }

  it('funded from an internal account (reserved SVC_INTERNAL_ACCOUNT): takes exactly the amount in cents from that account, waiting for the provider', async (ctx) => {
    needStablecoins(ctx, [ids.transition('stablecoin-operation', 'CREATED', 'PENDING_PROVIDER'), ids.transition('stablecoin-operation', 'PENDING_PROVIDER', 'PROCESSING')]);
    requireCapability(ctx, capabilities.stablecoins.reservedSources, 'the target declares it does not accept the reserved funding sources (SVC_STABLECOIN_RESERVED_SOURCES)');
    await basisSupplement('reserved SVC_INTERNAL_ACCOUNT {accountId*}; amount = whole fiat cents at the token\'s decimals (section 22); funded otherwise -> PENDING_PROVIDER (inferred)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const customer = await createCustomer(individual());
    const account = await activeAccount(customer.id, coin.baseCurrency);
    const funded = await fund(account.id, 1_000_000);
    const cents = 123_456;
    const amount = tokenAmount(coin, cents);
    const op = created(await mint(coin, { amount, fundingSource: { type: 'SVC_INTERNAL_ACCOUNT', accountId: account.id }, destination: { accountId: wallet.id } }), 'MINT', coin, amount);
    await settle(await waiting(op, ['PENDING_PROVIDER']));
    const after = await accountIn(customer.id, coin.baseCurrency);
    expect(after.balance.amount, `Supplement 22: the funding account gives ${amount} units at ${coin.decimals} decimals = ${cents} cents, no more, no less`).toBe(funded.balance.amount - cents);
  });

  it('funded from the provider balance (reserved PROVIDER_INTERNAL_BALANCE): waits for the provider, and a failure ends FAILED', async (ctx) => {
    needStablecoins(ctx, [ids.transition('stablecoin-operation', 'PROCESSING', 'FAILED')]);
    requireCapability(ctx, capabilities.stablecoins.reservedSources, 'the target declares it does not accept the reserved funding sources (SVC_STABLECOIN_RESERVED_SOURCES)');
    await basisSupplement('reserved PROVIDER_INTERNAL_BALANCE {sourceTokenIdentifier*, cryptoNetwork*}; PROCESSING -> FAILED (section 22, inferred)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const amount = tokenAmount(coin, 5_000);
    const op = created(await mint(coin, { amount, fundingSource: { type: 'PROVIDER_INTERNAL_BALANCE', sourceTokenIdentifier: 'USDB', cryptoNetwork: 'SPARK' }, destination: { accountId: wallet.id } }), 'MINT', coin, amount);
    await settle(await waiting(op, ['PENDING_PROVIDER']), 'FAILED');
  });

  it('expires unfunded: PENDING_FUNDING -> EXPIRED at expiresAt', async (ctx) => {
    needStablecoins(ctx, [ids.transition('stablecoin-operation', 'PENDING_FUNDING', 'EXPIRED')]);
    await basisSupplement('externally funded operations wait for funds until expiresAt; PENDING_FUNDING -> EXPIRED (section 22, inferred)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const amount = tokenAmount(coin, 700);
    const pending = await waiting(created(await mint(coin, { amount, fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id } }), 'MINT', coin, amount), ['PENDING_FUNDING']);
    const res = await api.post('/sandbox/stablecoin-operations/{stablecoinOperationId}/expire', { params: { stablecoinOperationId: pending.id } });
    expectStatus(res, 200, StablecoinOperation, 'the declared trigger brings expiresAt forward');
    const expired = await step(pending, 'PENDING_FUNDING', 'EXPIRED', () => getOperation(pending.id));
    expect(Date.parse(expired.expiresAt ?? ''), 'Supplement 22: EXPIRED once expiresAt has passed (both on the target\'s clock: expiresAt <= updatedAt)').toBeLessThanOrEqual(Date.parse(expired.updatedAt));
  });

  it('takes amounts as digit strings in whole cents at the token\'s decimals, and refuses others with 400', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('amount*: digit string; "amount must equal whole fiat cents at the token\'s decimals" (sections 11 and 22)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const body = (amount: unknown) => ({ amount, fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id } });
    created(await mint(coin, body(tokenAmount(coin, 1)), undefined), 'MINT', coin, tokenAmount(coin, 1)); // control: one cent
    const refused: string[] = [];
    if (coin.decimals > 2) refused.push((BigInt(tokenAmount(coin, 100)) + 1n).toString());
    refused.push('12.50', '-100', '0');
    for (const amount of refused) {
      const err = expectError(await mint(coin, body(amount)), 400, undefined, `Supplement 22: amount ${amount} is not a positive whole number of cents at ${coin.decimals} decimals`);
      noteInterface('stablecoin-amount-refusal-code', ['Supplement 22: amount must equal whole fiat cents at the token\'s decimals', 'The code of the refusal is not stated'], `400 ${err.code}`);
    }
    expectError(await mint(coin, body(Number(tokenAmount(coin, 100)))), 400, undefined, 'Supplement 22: amount is a digit string, not a number');
    const ops = await listOps(coin);
    expect(ops.length, 'only the control mint was created').toBe(1);
  });
});

describe('POST /stablecoins/{stablecoinId}/burns', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins/{stablecoinId}/burns', section: 'Endpoints', basis: 'supplement' });

  const cases = [
    { rail: 'WIRE', source: 'EXTERNAL_ACCOUNT' },
    { rail: 'ACH_CREDIT', source: 'PROVIDER_INTERNAL_BALANCE' },
    { rail: 'SAME_DAY_ACH_CREDIT', source: 'EXTERNAL_ACCOUNT' },
    { rail: 'RTP_CREDIT', source: 'PROVIDER_INTERNAL_BALANCE' },
  ] as const;
  for (const { rail, source } of cases) {
    it(`burns from ${source} to a bank account by ${rail}: the destination and rail as sent, settled to COMPLETED`, async (ctx) => {
      needStablecoins(ctx, [ids.operation('POST', BURNS)]);
      await basisSupplement(`burn source ${source}, destination {type: EXTERNAL_ACCOUNT, externalAccountId, rail: ${rail}}; EXTERNAL_ACCOUNT source: instructions name a deposit address (section 22)`);
      const { coin } = await linkedToken();
      const bank = await platformBankAccount();
      const cents = 42_042;
      const amount = tokenAmount(coin, cents);
      const op = created(await burn(coin, { amount, source: { type: source }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail } }), 'BURN', coin, amount);
      if (op.destination) expect(op.destination, 'Supplement 22: destination (optional) {accountId*, rail?}: the bank account sent').toMatchObject({ accountId: bank.id });
      if (op.destination?.rail !== undefined) expect(op.destination.rail, 'Supplement 22: the rail sent').toBe(rail);
      if (op.estimatedDelivery) {
        expect(op.estimatedDelivery.rail, 'Supplement 22: estimatedDelivery {rail, amount, currency, timing}').toBe(rail);
        expect(Number(op.estimatedDelivery.amount), `Supplement 22: the fiat delivered is the amount in whole cents (${cents})`).toBe(cents);
      }
      if (source === 'EXTERNAL_ACCOUNT') {
        expect(op.fundingInstructions?.address, 'Supplement 22: an EXTERNAL_ACCOUNT burn source: "instructions name a deposit address"').toBeTruthy();
      }
      await settle(await waiting(op, source === 'EXTERNAL_ACCOUNT' ? ['PENDING_FUNDING'] : ['PENDING_PROVIDER']));
    });
  }
});

describe('503 SERVICE_UNAVAILABLE on mints and burns', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins/{stablecoinId}/mints', section: 'Endpoints', basis: 'supplement' });

  it('answers 503 SERVICE_UNAVAILABLE while the provider does not answer, creating nothing, and takes the same requests once it answers again', async (ctx) => {
    needStablecoins(ctx, [ids.error(503, 'SERVICE_UNAVAILABLE')]);
    await basisSupplement('POST /stablecoins/{id}/mints and /burns: 503 SERVICE_UNAVAILABLE (section 22); what makes the provider unavailable is the target\'s declared trigger');
    const { link, coin } = await linkedToken();
    const wallet = await sparkWallet();
    const bank = await platformBankAccount();
    const mintBody = { amount: tokenAmount(coin, 3_300), fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id } };
    const burnBody = { amount: tokenAmount(coin, 3_300), source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'RTP_CREDIT' } };
    const outage = (unavailable: boolean) =>
      api.post('/sandbox/stablecoin-provider-accounts/{stablecoinProviderAccountId}/outage', { params: { stablecoinProviderAccountId: link.id }, body: { unavailable } });
    expectStatus(await outage(true), 200, undefined, 'the declared trigger makes the provider unavailable');
    expectError(await mint(coin, mintBody), 503, 'SERVICE_UNAVAILABLE', 'Supplement 22: a mint answers 503 SERVICE_UNAVAILABLE');
    expectError(await burn(coin, burnBody), 503, 'SERVICE_UNAVAILABLE', 'Supplement 22: a burn answers 503 SERVICE_UNAVAILABLE');
    expect((await listOps(coin)).length, 'the refused requests created no operation').toBe(0);
    expectStatus(await outage(false), 200, undefined, 'the declared trigger makes the provider answer again');
    created(await mint(coin, mintBody), 'MINT', coin, mintBody.amount); // control
    created(await burn(coin, burnBody), 'BURN', coin, burnBody.amount); // control
  });
});

describe('GET /stablecoins/{stablecoinId}/operations', () => {
  scenario({ area: 'Stablecoins', operation: 'GET /stablecoins/{stablecoinId}/operations', section: 'Endpoints', basis: 'supplement' });

  it('lists the token\'s operations newest first, filtered by operationType; GET /stablecoin-operations/{id} answers each, 404 an unknown one', async (ctx) => {
    needStablecoins(ctx, [ids.operation('GET', OPERATIONS), ids.operation('GET', OPERATION)]);
    await basisSupplement('GET /stablecoins/{id}/operations (operationType?, paging, newest first); GET /stablecoin-operations/{id} (404) (section 22)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const bank = await platformBankAccount();
    const made: Op[] = [];
    for (const kind of ['MINT', 'BURN', 'MINT'] as const) {
      const amount = tokenAmount(coin, 100 * (made.length + 1));
      const res =
        kind === 'MINT'
          ? await mint(coin, { amount, fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id } })
          : await burn(coin, { amount, source: { type: 'EXTERNAL_ACCOUNT' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'WIRE' } });
      made.push(created(res, kind, coin, amount));
    }
    const all = await listOps(coin);
    expect(all.map((o) => o.id), 'Supplement 22: the operations of the token, newest first').toEqual(made.map((o) => o.id).reverse());
    const mints = await listOps(coin, 'MINT');
    expect(mints.map((o) => o.id), 'Supplement 22: operationType=MINT lists the mints only, newest first').toEqual([made[2].id, made[0].id]);
    expect((await listOps(coin, 'BURN')).map((o) => o.id), 'Supplement 22: operationType=BURN lists the burn only').toEqual([made[1].id]);
    const one = await getOperation(made[1].id);
    expect(one).toMatchObject({ id: made[1].id, operationType: 'BURN', amount: made[1].amount });
    expectError(await api.get(OPERATION, { params: { stablecoinOperationId: `StablecoinOperation:${randomUUID()}` } }), 404, undefined, 'Supplement 22: GET /stablecoin-operations/{id} answers 404 for an unknown operation');
    expectError(await api.get(OPERATIONS, { params: { stablecoinId: `Stablecoin:${randomUUID()}` } }), 404, undefined, 'Supplement 22: GET /stablecoins/{id}/operations answers 404 for an unknown stablecoin');
  });
});

describe('Idempotency-Key on mints and burns', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins/{stablecoinId}/mints', section: 'Endpoints', basis: 'supplement' });

  it('is required; a replay answers the first operation and creates no other; a changed payload is refused', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('"Every POST requires Idempotency-Key* (≤255; replay = prior result, changed payload rejected)" (section 22)');
    const { coin } = await linkedToken();
    const wallet = await sparkWallet();
    const bank = await platformBankAccount();
    const body = { amount: tokenAmount(coin, 900), fundingSource: { type: 'WIRE' }, destination: { accountId: wallet.id } };
    expectError(await mint(coin, body, null), 400, undefined, 'Supplement 22: a mint without Idempotency-Key is refused (400)');
    const burnBody = { amount: tokenAmount(coin, 900), source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'WIRE' } };
    expectError(await burn(coin, burnBody, null), 400, undefined, 'Supplement 22: a burn without Idempotency-Key is refused (400)');
    expect((await listOps(coin)).length, 'the refused requests created no operation').toBe(0);

    const key = newKey();
    const first = created(await mint(coin, body, key), 'MINT', coin, body.amount);
    await advance(first.id); // the operation moves on; the replay still answers the first result
    const replay = await mint(coin, body, key);
    expect(expectStatus(replay, 201, StablecoinOperation, 'Supplement 22: the replay answers as the first request did'), 'Supplement 22: replay = prior result').toEqual(first);
    expectRefusal(await mint(coin, { ...body, amount: tokenAmount(coin, 901) }, key), 'Supplement 22: the same Idempotency-Key with a changed payload is rejected', {
      id: 'stablecoin-idempotency-changed-payload',
      sentences: ['Supplement 22: Idempotency-Key: changed payload rejected', 'Status and code of the rejection are not stated'],
    });
    const ops = await listOps(coin);
    expect(ops.map((o) => o.id), 'one operation, however often the request was replayed or altered under its key').toEqual([first.id]);
    created(await burn(coin, burnBody), 'BURN', coin, burnBody.amount); // control: with a key the burn is created
  });
});

describe('Burn source: the reserved SVC_INTERNAL_ACCOUNT', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins/{stablecoinId}/burns', section: 'Endpoints', basis: 'supplement' });

  it('is burned from when the target offers it, and refused with nothing created when it declares it does not', async (ctx) => {
    needStablecoins(ctx);
    const offered = capabilities.stablecoins.burnInternalAccountSource;
    requireCapability(ctx, offered !== undefined, 'the target does not declare whether it offers the reserved burn source SVC_INTERNAL_ACCOUNT (SVC_STABLECOIN_BURN_INTERNAL_SOURCE)');
    await basisSupplement('"Burn source: EXTERNAL_ACCOUNT ..., PROVIDER_INTERNAL_BALANCE, reserved SVC_INTERNAL_ACCOUNT" (section 22); its fields are not stated: {accountId} as the mint\'s');
    const { coin } = await linkedToken();
    const bank = await platformBankAccount();
    const account = await platformInternalAccount();
    const destination = { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'WIRE' };
    const amount = tokenAmount(coin, 1_200);
    const res = await burn(coin, { amount, source: { type: 'SVC_INTERNAL_ACCOUNT', accountId: account.id }, destination });
    noteInterface(
      'stablecoin-burn-internal-source',
      ['Supplement 22: "Burn source: ... reserved SVC_INTERNAL_ACCOUNT" (its fields and meaning are not stated)'],
      `the target declares the reserved burn source ${offered ? 'offered' : 'not offered'}; a burn from it answered ${res.status}`,
    );
    if (offered) {
      const op = created(res, 'BURN', coin, amount);
      expect(op.source, 'Supplement 22: the operation names its source').toMatchObject({ type: 'SVC_INTERNAL_ACCOUNT' });
      expect((await listOps(coin)).map((o) => o.id), 'the burn is listed').toEqual([op.id]);
    } else {
      expectError(res, 400, undefined, 'the target declares the reserved burn source not offered: the burn is refused (400)');
      expect(await listOps(coin), 'the refused burn created no operation').toEqual([]);
      created(await burn(coin, { amount, source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination }), 'BURN', coin, amount); // control: the same burn from the provider balance
    }
  });
});

describe('Idempotency-Key on burns', () => {
  scenario({ area: 'Stablecoins', operation: 'POST /stablecoins/{stablecoinId}/burns', section: 'Endpoints', basis: 'supplement' });

  it('a replay of a burn answers the first operation and creates no other; a changed payload under the same key is refused', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('"Every POST requires Idempotency-Key* (≤255; replay = prior result, changed payload rejected)" (section 22)');
    const { coin } = await linkedToken();
    const bank = await platformBankAccount();
    const body = { amount: tokenAmount(coin, 700), source: { type: 'PROVIDER_INTERNAL_BALANCE' }, destination: { type: 'EXTERNAL_ACCOUNT', externalAccountId: bank.id, rail: 'WIRE' } };
    const key = newKey();
    const first = created(await burn(coin, body, key), 'BURN', coin, body.amount);
    await advance(first.id); // the operation moves on; the replay still answers the first result
    const replay = await burn(coin, body, key);
    expect(expectStatus(replay, 201, StablecoinOperation, 'Supplement 22: the replay answers as the first request did'), 'Supplement 22: replay = prior result').toEqual(first);
    expectRefusal(await burn(coin, { ...body, destination: { ...body.destination, rail: 'RTP_CREDIT' } }, key), 'Supplement 22: the same Idempotency-Key with a changed payload is rejected', {
      id: 'stablecoin-idempotency-changed-payload',
      sentences: ['Supplement 22: Idempotency-Key: changed payload rejected', 'Status and code of the rejection are not stated'],
    });
    expect((await listOps(coin)).map((o) => o.id), 'one operation, however often the request was replayed or altered under its key').toEqual([first.id]);
    const other = created(await burn(coin, { ...body, destination: { ...body.destination, rail: 'RTP_CREDIT' } }), 'BURN', coin, body.amount); // control: the changed payload under a new key is a burn
    expect((await listOps(coin)).map((o) => o.id), 'Supplement 22: a new key makes a new operation').toEqual([other.id, first.id]);
  });
});

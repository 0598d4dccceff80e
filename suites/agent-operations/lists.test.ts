// The agent's lists: GET /agents/me/actions (status?), /agents/me/transactions ("filters as /transactions
// minus customer"), /agents/me/internal-accounts (currency?, type?) and /agents/me/external-accounts:
// each documented filter narrows (with its control), an agent lists its own customer's items only (never
// another customer's, another agent's or the platform's), paging with a small limit visits every item
// once, limit outside 1–100 is refused. basis: supplement (section 1: limit 1–100, cursor; section 23:
// the Bearer operations, "Cross-customer ids -> 404"; section 8: GET /transactions filters; section 6:
// internal-account lists; section 7: external accounts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bareIndividual } from '../../fixtures/customers.js';
import { usdAccount } from '../../fixtures/external-accounts.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { connectAgent, customerWithMoney, ME_ACTIONS, ME_EXTERNAL_ACCOUNTS, ME_INTERNAL_ACCOUNTS, ME_TRANSACTIONS, ME_TRANSFER_OUT, policy, type AgentClient } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { receive } from '../../helpers/flows/incoming.js';
import { expectLimitRange, expectPagedOnce, expectUnmatchedListsNone, idsPaged } from '../../helpers/flows/list-rules.js';
import { eurDestination, requireVelocityFor } from '../../helpers/flows/transfers.js';
import { eventually } from '../../helpers/eventually.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { api, capabilities } from '../../helpers/harness.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AgentAction } from '../../helpers/schemas/agents.js';
import { ExternalAccount, InternalAccount, IsoUtc } from '../../helpers/schemas/index.js';

const op = 'GET /agents/me/actions';
const sorted = (ids: string[]) => [...ids].sort();

/** An agent that acts AUTO below 5,000 cents and waits for approval above (supplement 23: amount > threshold). */
async function agentWithActions(approved: number, held: number) {
  const { customerId, usd, bank } = await customerWithMoney(200_000);
  const { client } = await connectAgent(customerId, policy({ approvalThresholds: { currency: 'USD', amount: 5_000 } }));
  const send = async (amount: number) => expectStatus(await client.post(ME_TRANSFER_OUT, { body: { source: { accountId: usd.id }, destination: { accountId: bank.id }, amount } }), 201, AgentAction);
  const ok: string[] = [];
  const waiting: string[] = [];
  for (let i = 0; i < approved; i++) ok.push((await send(1_000 + i)).id);
  for (let i = 0; i < held; i++) waiting.push((await send(6_000 + i)).id);
  return { client, approved: ok, held: waiting };
}
/** The agent's actions, walked `limit` at a time: the scenario's own set, so a page after hasMore holds items (walkPages `settled`). */
const actionIds = async (a: { client: AgentClient }, query: Record<string, string>, limit: number) =>
  (await walkPages(ME_ACTIONS, AgentAction, { query, limit, auth: a.client.auth, settled: true })).map((x) => x.id);

describe(op, () => {
  scenario({ area: 'Agent Operations', operation: op, section: 'Functional areas', basis: 'supplement' });

  it('status narrows the agent\'s actions; paging by one visits each once; another agent\'s actions never show', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    // Four transfer-outs of one customer (two approved, two held).
    requireVelocityFor(ctx, 4);
    await basisSupplement('section 23: GET /agents/me/actions (status? filter); approval needed when amount > threshold; section 1 paging');
    const mine = await agentWithActions(2, 2);
    const theirs = await agentWithActions(1, 1);
    const all = await actionIds(mine, {}, 1);
    expect(sorted(all), 'paged by one: every action of the agent, each once, and none of another agent\'s').toEqual(sorted([...mine.approved, ...mine.held]));
    recordRule(op, LIST_RULES.pagingOnce);
    recordRule(op, LIST_RULES.scope('customer'));
    expect(sorted(await actionIds(mine, { status: 'PENDING_APPROVAL' }, 1)), 'status=PENDING_APPROVAL lists the held actions only').toEqual(sorted(mine.held));
    expect(sorted(await actionIds(mine, { status: 'APPROVED' }, 100)), 'control: status=APPROVED lists the others').toEqual(sorted(mine.approved));
    recordRule(op, LIST_RULES.filter('status'));
    expect(sorted(await actionIds(theirs, {}, 100)), 'the other agent lists its own two actions').toEqual(sorted([...theirs.approved, ...theirs.held]));
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 1: limit 1–100');
    const { client } = await connectAgent((await customerWithMoney(0)).customerId);
    for (const limit of [0, 101]) expectError(await client.get(ME_ACTIONS, { query: { limit } }), 400, undefined, `supplement 1: limit is 1 to 100; ${op} refuses limit=${limit}`);
    for (const limit of [1, 100]) expectStatus(await client.get(ME_ACTIONS, { query: { limit } }), 200, undefined, `supplement 1: ${op} accepts limit=${limit}`);
    recordRule(op, LIST_RULES.limitRange);
  });
});

/** A transaction as every list item carries it (supplement 8: items typed INCOMING/OUTGOING/CARD). */
const Side = z.looseObject({ accountId: z.string().optional() }).optional();
const Txn = z.looseObject({ id: z.string(), type: z.string(), status: z.string(), createdAt: IsoUtc, source: Side, destination: Side });
const TXNS = 'GET /agents/me/transactions';
const INTERNAL = 'GET /agents/me/internal-accounts';
const EXTERNAL = 'GET /agents/me/external-accounts';
const platformTxns = async (customerId: string) => (await walkPages('/transactions', Txn, { query: { customerId }, limit: 100 }));

/**
 * An account-identifier filter naming another customer's account lists none of that customer's
 * payments: the list holds the agent's own customer's items only, whatever the filter names.
 * Description, GET /agents/me/transactions: "Results are automatically scoped to the agent's associated
 * customer — no customer filter is needed or accepted" (so none is sent: its lists take no customerId).
 */
async function noLeakThroughIdentifier(client: AgentClient, filter: string, theirs: string, own: string[]) {
  const listed = await idsPaged(ME_TRANSACTIONS, Txn, { [filter]: theirs }, 100, client.auth);
  for (const id of listed) expect(own, `${TXNS}?${filter}=<another customer's account> lists ${id}, not a payment of the agent's customer`).toContain(id);
}

describe(TXNS, () => {
  scenario({ area: 'Agent Operations', operation: TXNS, section: 'Functional areas', basis: 'supplement' });

  it('type, status, startDate and endDate narrow the customer\'s transactions, each against a control, and an unmatched reference or account identifier lists none; paging by one visits each once; another customer\'s never show', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer nor receive a payment');
    requireVelocityFor(ctx, 2);
    await basisSupplement('section 23: GET /agents/me/transactions 200 (filters as /transactions minus customer); section 8: GET /transactions filters status, type, startDate, endDate; items typed INCOMING/OUTGOING/CARD; section 1 paging');
    const mine = await customerWithMoney(100_000);
    const { client } = await connectAgent(mine.customerId);
    const theirs = await customerWithMoney(100_000);
    const them = await connectAgent(theirs.customerId);
    const out = async (c: AgentClient, p: typeof mine, amount: number) =>
      expectStatus(await c.post(ME_TRANSFER_OUT, { body: { source: { accountId: p.usd.id }, destination: { accountId: p.bank.id }, amount } }), 201, AgentAction).transaction!.id;
    const outgoing = [await out(client, mine, 1_000), await out(client, mine, 1_100)];
    const incoming = (await receive(mine.customerId, 2_500)).id;
    const theirOut = await out(them.client, theirs, 1_200);
    // Every payment settled (supplement 8: statuses; the platform's own list, polled, says when).
    for (const p of [mine, theirs]) {
      await eventually(() => platformTxns(p.customerId), (l) => l.length > 0 && l.every((t) => t.status === 'COMPLETED'), { timeoutMs: capabilities.eventTimeoutMs, what: `the transactions of ${p.customerId} to complete` });
    }
    // The funding of an account may itself be a transaction of the customer: the expected set is the platform's list of that customer.
    const all = (await platformTxns(mine.customerId)).map((t) => t.id);
    expect(all, 'control: the platform lists the agent\'s customer\'s payments').toEqual(expect.arrayContaining([...outgoing, incoming]));
    await expectPagedOnce(TXNS, ME_TRANSACTIONS, Txn, {}, 1, all, client.auth);
    expect(all, 'the other customer\'s payment is not the agent\'s customer\'s').not.toContain(theirOut);
    expect(sorted(await idsPaged(ME_TRANSACTIONS, Txn, {}, 100, them.client.auth)), 'control: the other agent lists its own customer\'s payments').toEqual(sorted((await platformTxns(theirs.customerId)).map((t) => t.id)));
    for (const filter of ['accountIdentifier', 'senderAccountIdentifier']) await noLeakThroughIdentifier(client, filter, theirs.usd.id, all);
    recordRule(TXNS, LIST_RULES.scope('customer'));

    const listed = await walkPages(ME_TRANSACTIONS, Txn, { limit: 100, auth: client.auth });
    const ids = (q: Record<string, string>) => idsPaged(ME_TRANSACTIONS, Txn, q, 100, client.auth).then(sorted);
    const ofType = (type: string) => sorted(listed.filter((t) => t.type === type).map((t) => t.id));
    expect(await ids({ type: 'OUTGOING' }), 'type=OUTGOING lists the outgoing payments only').toEqual(ofType('OUTGOING'));
    expect(ofType('OUTGOING'), 'the agent\'s transfers out are OUTGOING').toEqual(expect.arrayContaining(outgoing));
    expect(await ids({ type: 'INCOMING' }), 'control: type=INCOMING lists the incoming ones, the received payment among them').toEqual(ofType('INCOMING'));
    expect(ofType('INCOMING'), 'the received payment is INCOMING').toContain(incoming);
    recordRule(TXNS, LIST_RULES.filter('type'));
    expect(await ids({ status: 'COMPLETED' }), 'control: status=COMPLETED lists every settled payment').toEqual(sorted(all));
    expect(await ids({ status: 'FAILED' }), 'status=FAILED lists none: none failed').toEqual([]);
    recordRule(TXNS, LIST_RULES.filter('status'));
    const created = listed.map((t) => Date.parse(t.createdAt));
    const before = new Date(Math.min(...created) - 1).toISOString();
    const after = new Date(Math.max(...created) + 1).toISOString();
    expect(await ids({ startDate: before }), 'control: startDate before every payment lists them all').toEqual(sorted(all));
    expect(await ids({ startDate: after }), 'startDate after every payment lists none').toEqual([]);
    recordRule(TXNS, LIST_RULES.filter('startDate'));
    expect(await ids({ endDate: after }), 'control: endDate after every payment lists them all').toEqual(sorted(all));
    expect(await ids({ endDate: before }), 'endDate before every payment lists none').toEqual([]);
    recordRule(TXNS, LIST_RULES.filter('endDate'));
    // Description, agentListTransactions accountIdentifier: "Filter by account identifier (matches either
    // sender or receiver)", an account's identifier its accountId (AccountTransactionSource.accountId
    // "Source account identifier", AccountTransactionDestination.accountId "Destination account
    // identifier"). The USD account sends both transfers out and receives the payment in; the bank
    // account receives the transfers out only.
    const carrying = (accountId: string) => sorted(listed.filter((t) => t.source?.accountId === accountId || t.destination?.accountId === accountId).map((t) => t.id));
    const rule = 'Description, agentListTransactions accountIdentifier: "matches either sender or receiver"';
    expect(carrying(mine.usd.id), 'control: the USD account sends the transfers out and receives the payment in').toEqual(expect.arrayContaining(sorted([...outgoing, incoming])));
    expect(await ids({ accountIdentifier: mine.usd.id }), `${rule}: the account sending two payments and receiving one lists the three`).toEqual(carrying(mine.usd.id));
    expect(carrying(mine.bank.id), 'control: the bank account receives the transfers out, not the payment in').toEqual(sorted(outgoing));
    expect(await ids({ accountIdentifier: mine.bank.id }), `${rule}: the bank account lists the transfers out it received, not the payment in`).toEqual(sorted(outgoing));
    recordRule(TXNS, LIST_RULES.filter('accountIdentifier'));
    // reference and (sender|receiver)AccountIdentifier (as /transactions): what they hold is not stated;
    // a value nothing can carry lists none of the payments.
    for (const filter of ['reference', 'senderAccountIdentifier', 'receiverAccountIdentifier']) await expectUnmatchedListsNone(TXNS, ME_TRANSACTIONS, Txn, {}, filter, client.auth);
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 1: limit 1–100; section 23: GET /agents/me/transactions');
    const { client } = await connectAgent((await customerWithMoney(0)).customerId);
    await expectLimitRange(TXNS, ME_TRANSACTIONS, {}, client.auth);
  });
});

describe(INTERNAL, () => {
  scenario({ area: 'Agent Operations', operation: INTERNAL, section: 'Functional areas', basis: 'supplement' });

  it('currency and type narrow the customer\'s accounts, each against a control; paging by one visits each once; no other customer\'s nor the platform\'s account shows', async () => {
    await basisSupplement('section 23: GET /agents/me/internal-accounts 200 paged (currency?, type?); section 6: accounts per currency, customerId absent = platform; section 1 paging');
    const customer = await createCustomer(bareIndividual({ currencies: ['USD', 'EUR', 'USDC'] }));
    const other = await createCustomer(bareIndividual({ currencies: ['USD'] }));
    const { client } = await connectAgent(customer.id);
    const own = await walkPages('/customers/internal-accounts', InternalAccount, { query: { customerId: customer.id }, limit: 100 });
    const theirs = (await walkPages('/customers/internal-accounts', InternalAccount, { query: { customerId: other.id }, limit: 100 })).map((x) => x.id);
    const platform = expectStatus(await api.get('/platform/internal-accounts'), 200, z.object({ data: z.array(InternalAccount) }), 'supplement §6: the platform list answers {data}').data.map((x) => x.id);
    expect([...new Set(own.map((x) => x.balance.currency.code))].sort(), 'control: the customer holds an account in each of its currencies (supplement 6: accounts are created with the customer)').toEqual(['EUR', 'USD', 'USDC']);
    await expectPagedOnce(INTERNAL, ME_INTERNAL_ACCOUNTS, InternalAccount, {}, 1, own.map((x) => x.id), client.auth);
    const listed = await idsPaged(ME_INTERNAL_ACCOUNTS, InternalAccount, {}, 100, client.auth);
    for (const id of [...theirs, ...platform]) expect(listed, `the agent lists no account of another customer nor of the platform (${id})`).not.toContain(id);
    recordRule(INTERNAL, LIST_RULES.scope('customer'));

    const ofCurrency = (code: string) => own.filter((x) => x.balance.currency.code === code).map((x) => x.id);
    expect(await idsPaged(ME_INTERNAL_ACCOUNTS, InternalAccount, { currency: 'EUR' }, 100, client.auth), 'currency=EUR lists the EUR account only').toEqual(ofCurrency('EUR'));
    expect(await idsPaged(ME_INTERNAL_ACCOUNTS, InternalAccount, { currency: 'USD' }, 100, client.auth), 'control: currency=USD lists the USD account').toEqual(ofCurrency('USD'));
    recordRule(INTERNAL, LIST_RULES.filter('currency'));
    const crypto = own.find((x) => x.balance.currency.code === 'USDC')!;
    const ofType = await idsPaged(ME_INTERNAL_ACCOUNTS, InternalAccount, { type: crypto.type }, 100, client.auth);
    expect(sorted(ofType), `type=${crypto.type} lists exactly the customer's accounts of that type`).toEqual(sorted(own.filter((x) => x.type === crypto.type).map((x) => x.id)));
    expect(ofType.length, `control: type=${crypto.type} leaves the customer's accounts of other types out`).toBeLessThan(own.length);
    recordRule(INTERNAL, LIST_RULES.filter('type'));
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100; section 23: GET /agents/me/internal-accounts 200 paged');
    const { client } = await connectAgent((await createCustomer(bareIndividual({ currencies: ['USD'] }))).id);
    await expectLimitRange(INTERNAL, ME_INTERNAL_ACCOUNTS, {}, client.auth);
  });
});

describe(EXTERNAL, () => {
  scenario({ area: 'Agent Operations', operation: EXTERNAL, section: 'Functional areas', basis: 'supplement' });

  it('lists the customer\'s external accounts, paging by one visits each once, and no other customer\'s nor the platform\'s account shows', async () => {
    // Supplement 23 names no filter for this list: its scope and paging are what is judged.
    await basisSupplement('section 23: /agents/me/external-accounts GET 200 (MANAGE_EXTERNAL_ACCOUNTS); section 7: customer and platform accounts; section 1 paging');
    const customer = await createCustomer(bareIndividual({ currencies: ['USD'] }));
    const other = await createCustomer(bareIndividual({ currencies: ['USD'] }));
    const own = [
      expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(customer.id) }), 201, ExternalAccount).id,
      (await eurDestination(customer.id)).id,
    ];
    const theirs = expectStatus(await api.post('/customers/external-accounts', { body: usdAccount(other.id) }), 201, ExternalAccount).id;
    const platform = expectStatus(await api.post('/platform/external-accounts', { body: usdAccount(undefined) }), 201, ExternalAccount).id;
    const { client } = await connectAgent(customer.id);
    await expectPagedOnce(EXTERNAL, ME_EXTERNAL_ACCOUNTS, ExternalAccount, {}, 1, own, client.auth);
    const listed = await idsPaged(ME_EXTERNAL_ACCOUNTS, ExternalAccount, {}, 100, client.auth);
    expect(listed, 'the agent lists no account of another customer').not.toContain(theirs);
    expect(listed, 'the agent lists no account of the platform').not.toContain(platform);
    const them = await connectAgent(other.id);
    expect(await idsPaged(ME_EXTERNAL_ACCOUNTS, ExternalAccount, {}, 100, them.client.auth), 'control: the other customer\'s agent lists that customer\'s account').toEqual([theirs]);
    recordRule(EXTERNAL, LIST_RULES.scope('customer'));
  });

  it('refuses limit 0 and 101 with 400, and accepts 1 and 100', async () => {
    await basisSupplement('section 1: limit 1–100; section 23: /agents/me/external-accounts GET');
    const { client } = await connectAgent((await createCustomer(bareIndividual({ currencies: ['USD'] }))).id);
    await expectLimitRange(EXTERNAL, ME_EXTERNAL_ACCOUNTS, {}, client.auth);
  });
});

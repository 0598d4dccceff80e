// Interface: Transactions ("Retrieve transactions"); Transaction (type, direction, customerId).
// GET /transactions filters (customerId, platformCustomerId, status, type, startDate, endDate,
// (sender|receiver)AccountIdentifier; reference, whose values are not stated: an unmatched value) and
// items typed INCOMING, OUTGOING or CARD: basis: supplement (section 8). Description, listTransactions:
// accountIdentifier "Filter by account identifier (matches either sender or receiver)", an account's
// identifier being its accountId (AccountTransactionSource.accountId "Source account identifier",
// AccountTransactionDestination.accountId "Destination account identifier"); status a TransactionStatus.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectEvents } from '../../helpers/events.js';
import { sentToBreak } from '../../helpers/description/intent.js';
import { expectError, expectSchema, expectStatus } from '../../helpers/expect.js';
import { receive } from '../../helpers/flows/incoming.js';
import { createQuote, eurDestination, expectOutgoingLifecycle, quoteBody, sender } from '../../helpers/flows/transfers.js';
import { api, capabilities, listener } from '../../helpers/harness.js';
import { recordRule } from '../../helpers/coverage/recorder.js';
import { expectUnmatchedListsNone } from '../../helpers/flows/list-rules.js';
import { LIST_RULES } from '../../helpers/field-rules/lists.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { AnyTransaction, Customer, IsoUtc, Page } from '../../helpers/schemas/index.js';

const Dated = z.looseObject({ createdAt: IsoUtc });
const Listed = z.looseObject({ id: z.string(), type: z.string(), status: z.string() });
const Side = z.looseObject({ accountId: z.string().optional() }).optional();
const Sides = z.looseObject({ source: Side, destination: Side });
/** Description, listTransactions accountIdentifier: "matches either sender or receiver" (their accountId). */
const carries = (t: unknown, accountId: string) => {
  const { source, destination } = Sides.parse(t);
  return source?.accountId === accountId || destination?.accountId === accountId;
};
const ACCOUNT_IDENTIFIER = 'Description, listTransactions accountIdentifier: "Filter by account identifier (matches either sender or receiver)"';

const page = async (query: Record<string, string | number>) => expectStatus(await api.get('/transactions', { query: { limit: 100, ...query } }), 200, Page(AnyTransaction), 'GET /transactions: a page of INCOMING, OUTGOING and CARD transactions (supplement 8)').data;
const list = async (query: Record<string, string | number>) => (await page(query)).map((t) => t.id).sort();

describe('GET /transactions', () => {
  scenario({ area: 'Transactions', operation: 'GET /transactions', section: 'Resources and their fields', basis: 'supplement' });

  it('filters a customer\'s transactions by type, status, platformCustomerId and creation dates; a reference nothing carries lists none, and each account identifier lists its side', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender nor receive a payment');
    await basisSupplement('GET /transactions filters (section 8)');
    const { customerId, accounts } = await sender({ USD: 50_000 });
    const destination = await eurDestination(customerId);
    const since = await listener.mark();
    const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 10_000, { immediatelyExecute: true }));
    await expectOutgoingLifecycle(quote.transactionId, 'COMPLETED', since);
    const incoming = await receive(customerId, 2_500);
    await expectEvents(incoming.id, ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED'], { since });
    const outgoingId = quote.transactionId;
    const both = [outgoingId, incoming.id].sort();

    // The customer's list holds both, and may hold more: no document says whether the sandbox funding of
    // its account is itself a transaction. Each filter is judged against the customer's whole list.
    const mine = (await page({ customerId })).map((t) => expectSchema(Listed, t, 'supplement 8: a listed transaction carries id, type and status'));
    const all = mine.map((t) => t.id).sort();
    const where = (keep: (t: z.infer<typeof Listed>) => boolean) => mine.filter(keep).map((t) => t.id).sort();
    expect(all, 'control: the customer has both transactions').toEqual(expect.arrayContaining(both));
    expect(await list({ customerId, type: 'OUTGOING' }), 'type OUTGOING lists the customer\'s OUTGOING transactions, the payment out among them').toEqual(where((t) => t.type === 'OUTGOING'));
    expect(await list({ customerId, type: 'INCOMING' }), 'type INCOMING lists the customer\'s INCOMING transactions, the payment in among them').toEqual(where((t) => t.type === 'INCOMING'));
    expect(where((t) => t.type === 'OUTGOING'), 'control: the payment out is OUTGOING, the payment in is not').toEqual(expect.arrayContaining([outgoingId]));
    expect(where((t) => t.type === 'OUTGOING')).not.toContain(incoming.id);
    recordRule('GET /transactions', LIST_RULES.filter('type'));
    expect(await list({ customerId, status: 'COMPLETED' }), 'status COMPLETED lists the customer\'s COMPLETED transactions, both payments among them').toEqual(where((t) => t.status === 'COMPLETED'));
    expect(where((t) => t.status === 'COMPLETED'), 'control: both payments are COMPLETED').toEqual(expect.arrayContaining(both));
    const failed = await list({ customerId, status: 'FAILED' });
    expect(failed, 'status FAILED lists the customer\'s FAILED transactions, neither payment').toEqual(where((t) => t.status === 'FAILED'));
    // Description, listTransactions status: a TransactionStatus; a card transaction's AUTHORIZED is none.
    const malformed = await sentToBreak(['status'], () => api.get('/transactions', { query: { customerId, status: 'AUTHORIZED' } }));
    expectError(malformed, 400, undefined, 'Description, listTransactions status: a TransactionStatus (CREATED ... EXPIRED); AUTHORIZED is not one, refused 400 "Invalid parameters"');
    recordRule('GET /transactions', LIST_RULES.filter('status'));

    // The customer's USD account sends the payment out and receives the payment in; the EUR account
    // receives the payment out only.
    const everyone = await page({ customerId });
    const carrying = (accountId: string) => everyone.filter((t) => carries(t, accountId)).map((t) => t.id).sort();
    expect(carrying(accounts.USD.id), 'control: the USD account is the payment out\'s sender and the payment in\'s receiver').toEqual(expect.arrayContaining(both));
    expect(await list({ customerId, accountIdentifier: accounts.USD.id }), `${ACCOUNT_IDENTIFIER}: the account sending one payment and receiving another lists both`).toEqual(carrying(accounts.USD.id));
    expect(carrying(destination.id), 'control: the EUR account receives the payment out, not the payment in').toEqual(expect.arrayContaining([outgoingId]));
    expect(carrying(destination.id)).not.toContain(incoming.id);
    expect(await list({ customerId, accountIdentifier: destination.id }), `${ACCOUNT_IDENTIFIER}: the account receiving the payment out lists it, not the payment in`).toEqual(carrying(destination.id));
    recordRule('GET /transactions', LIST_RULES.filter('accountIdentifier'));
    // reference and (sender|receiver)AccountIdentifier: what they hold (an id, an account number, an UMA
    // address; a refund's reference?) is not stated, so no value is known to match; a value nothing can
    // carry lists none of the customer's transactions under any reading (or is refused as malformed).
    await expectUnmatchedListsNone('GET /transactions', '/transactions', AnyTransaction, { customerId }, 'reference');
    // senderAccountIdentifier "Filter by sender account identifier" and receiverAccountIdentifier "Filter by
    // receiver account identifier" are accountIdentifier's two sides ("matches either sender or receiver"),
    // read as it is: the source's and the destination's accountId.
    const sending = (accountId: string) => everyone.filter((t) => Sides.parse(t).source?.accountId === accountId).map((t) => t.id).sort();
    const receiving = (accountId: string) => everyone.filter((t) => Sides.parse(t).destination?.accountId === accountId).map((t) => t.id).sort();
    expect(sending(accounts.USD.id), 'control: the USD account sends the payment out, not the payment in').toEqual(expect.arrayContaining([outgoingId]));
    expect(sending(accounts.USD.id)).not.toContain(incoming.id);
    expect(receiving(accounts.USD.id), 'control: the USD account receives the payment in, not the payment out').toEqual(expect.arrayContaining([incoming.id]));
    expect(receiving(accounts.USD.id)).not.toContain(outgoingId);
    expect(await list({ customerId, senderAccountIdentifier: accounts.USD.id }), 'Description, listTransactions: senderAccountIdentifier "Filter by sender account identifier": the USD account as sender lists the payment out, not the payment in').toEqual(sending(accounts.USD.id));
    expect(await list({ customerId, receiverAccountIdentifier: accounts.USD.id }), 'Description, listTransactions: receiverAccountIdentifier "Filter by receiver account identifier": the USD account as receiver lists the payment in, not the payment out').toEqual(receiving(accounts.USD.id));
    expect(await list({ customerId, receiverAccountIdentifier: destination.id }), 'receiverAccountIdentifier: the EUR account as receiver lists the payment out').toEqual(receiving(destination.id));
    recordRule('GET /transactions', LIST_RULES.filter('senderAccountIdentifier'));
    recordRule('GET /transactions', LIST_RULES.filter('receiverAccountIdentifier'));

    const customer = expectStatus(await api.get('/customers/{customerId}', { params: { customerId } }), 200, Customer);
    expect(await list({ platformCustomerId: customer.platformCustomerId }), 'platformCustomerId lists the customer\'s transactions').toEqual(all);
    recordRule('GET /transactions', LIST_RULES.filter('platformCustomerId'));

    const created = expectStatus(await api.get('/transactions', { query: { customerId, limit: 100 } }), 200, Page(AnyTransaction)).data
      // The date filters read createdAt (supplement 8: an extra transaction field, here required to judge them).
      .map((t) => Date.parse(expectSchema(Dated, t, 'supplement 8: a listed transaction carries createdAt').createdAt));
    const first = new Date(Math.min(...created) - 1).toISOString();
    const after = new Date(Math.max(...created) + 1).toISOString();
    const before = first;
    expect(await list({ customerId, startDate: first }), 'control: startDate before them all: all').toEqual(all);
    expect(await list({ customerId, startDate: after }), 'startDate after them all: none').toEqual([]);
    expect(await list({ customerId, endDate: before }), 'endDate before them all: none').toEqual([]);
    expect(await list({ customerId, endDate: after }), 'control: endDate after them all: all').toEqual(all);
    recordRule('GET /transactions', LIST_RULES.filter('startDate'));
    recordRule('GET /transactions', LIST_RULES.filter('endDate'));
  });
});
